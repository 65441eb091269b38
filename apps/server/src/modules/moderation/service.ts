import {
  type AdminCharacterUpdate,
  type AdminReview,
  type AdminReviewList,
  type AdminReviewListQuery,
  type AdminReviewUpdate,
  type CharacterReport,
  type CharacterReportResult,
  type ReviewAction,
  type ReviewCharacter,
  type ReviewMessage,
  UNDER_REVIEW_STATUSES,
} from "@hearth/contracts";
import type { Database } from "../../db/client";
import type { CharacterRow, ReviewRow } from "../../db/schema";
import { AppError, forbidden } from "../../http/errors";
import { recordAudit } from "../audit/index";
import {
  lockCharacter,
  type ModerationChange,
  markReportedByUsers,
  type ReviewRequest,
  updateModeration,
} from "../characters/index";
import { can, decideCloseReview, type ModerationActor } from "./policy";
import {
  overdueBefore,
  presentReportResult,
  presentReview,
  presentReviewCharacter,
  presentReviewList,
  presentReviewMessage,
} from "./presenter";
import {
  addCharacterReport,
  closeReviewRow,
  countOpenReviews,
  findOrOpenReview,
  findReview,
  insertMessageReview,
  listReviewRows,
  listReviewRowsOfCreator,
  lockReview,
  type MessageReportRow,
  messageReportsByIds,
  messageWithContext,
  type ReviewReportRow,
  reportCounts,
  reportsOfReviews,
  reviewCharactersByIds,
  reviewCharactersOfCreator,
  updateOpenReview,
} from "./repository";

/** A signed-in member acting: their id (for reports and the audit log) with what the policy reads. */
export type MemberActor = ModerationActor & { userId: string };

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Messages shown before and after a reported message. */
const CONTEXT_MESSAGES = 3;
/** Reviews and characters shown on an admin's page about one member. */
const MEMBER_PAGE_MAX = 100;

const REPORTED_NOT_FOUND = "This character does not exist or was deleted.";
const reportedNotFound = () =>
  new AppError(404, "not_found", REPORTED_NOT_FOUND, { character_id: REPORTED_NOT_FOUND });
const characterNotFound = () => new AppError(404, "not_found", "This character does not exist.");
const characterDeleted = () => new AppError(404, "not_found", "This character was deleted.");
const reviewNotFound = () => new AppError(404, "not_found", "This review does not exist.");
const invalid = (field: string, message: string) =>
  new AppError(400, "validation_error", message, { [field]: message });

// ---------------------------------------------------------------------------------------------------
// Reports and holds: where reviews come from

/**
 * `POST /api/reportCharacter`: the member's report joins the character's open `character_report` review
 * (opened by the first report). A member's repeated reports count once: the same review answers, and
 * `created` is false. The character's reportsType gets 'User'. A character the member may not see, or
 * an id that names none, is 404. Concurrent reports meet on the unique indexes (one open review per
 * character and source, one report per member and review).
 */
export async function reportCharacter(
  db: Database,
  actor: MemberActor,
  body: CharacterReport,
): Promise<{ result: CharacterReportResult; created: boolean }> {
  const characterId = body.character_id;
  if (!UUID_PATTERN.test(characterId)) throw reportedNotFound();
  return db.transaction(async (tx) => {
    const character = await lockCharacter(tx, characterId);
    if (!character || !can(actor, "report", character)) throw reportedNotFound();
    const review = await findOrOpenReview(tx, {
      characterId: character.id,
      source: "character_report",
      issue: body.userIssueType,
      resolution: body.userExpectedResolution,
      details: body.userReportDetails,
    });
    const created = await addCharacterReport(tx, {
      reviewId: review.id,
      characterId: character.id,
      reporterUserId: actor.userId,
      issueType: body.userIssueType,
      details: body.userReportDetails,
      expectedResolution: body.userExpectedResolution,
    });
    if (created) await markReportedByUsers(tx, character.id);
    return { result: presentReportResult(review.id), created };
  });
}

/**
 * A message report from the chat (chat calls it in the transaction that stored the report): its own
 * `message_report` review pointing at the report, where the admin reads the message and its context.
 */
export async function openMessageReportReview(
  db: Database,
  report: { characterId: string; messageReportId: string; label: string; comment: string },
): Promise<void> {
  await insertMessageReview(db, {
    characterId: report.characterId,
    messageReportId: report.messageReportId,
    issue: report.label,
    details: report.comment,
  });
  await markReportedByUsers(db, report.characterId);
}

/**
 * What characters asks when it holds a character (the automatic check flagged it, or its creator saved a
 * fix): the character's open `automatic` review, opened now or brought up to date.
 */
export async function requestReview(db: Database, request: ReviewRequest): Promise<void> {
  const review = await findOrOpenReview(db, {
    characterId: request.characterId,
    source: "automatic",
    issue: request.issue,
    details: request.details,
  });
  if (!review.created) {
    await updateOpenReview(db, review.id, { issue: request.issue, details: request.details });
  }
}

// ---------------------------------------------------------------------------------------------------
// The review table

/**
 * Each review with its character, distinct reporters and their reports and, for message reports, the
 * messages.
 */
async function presentReviews(db: Database, rows: readonly ReviewRow[], now: Date): Promise<AdminReview[]> {
  const characterIds = [...new Set(rows.map((row) => row.characterId))];
  const messageReportIds = rows.flatMap((row) =>
    row.source === "message_report" && row.messageReportId ? [row.messageReportId] : [],
  );
  const characterReportReviewIds = rows
    .filter((row) => row.source === "character_report")
    .map((row) => row.id);
  const [characterRows, counts, reportRows, messageReports] = await Promise.all([
    reviewCharactersByIds(db, characterIds),
    reportCounts(db, characterReportReviewIds),
    reportsOfReviews(db, characterReportReviewIds),
    messageReportsByIds(db, messageReportIds),
  ]);
  const reportsByReview = new Map<string, ReviewReportRow[]>();
  for (const report of reportRows) {
    const list = reportsByReview.get(report.reviewId);
    if (list) list.push(report);
    else reportsByReview.set(report.reviewId, [report]);
  }
  const characterById = new Map(characterRows.map((row) => [row.id, presentReviewCharacter(row)]));
  const messagesByReport = new Map(
    await Promise.all(
      messageReports.map(async (report) => [report.id, await reportedMessages(db, report)] as const),
    ),
  );
  return rows.map((row) =>
    presentReview(
      row,
      {
        character: characterById.get(row.characterId) ?? null,
        reportCount:
          row.source === "character_report"
            ? (counts.get(row.id) ?? 0)
            : row.source === "message_report"
              ? 1
              : 0,
        reports: reportsByReview.get(row.id) ?? [],
        messages: (row.messageReportId && messagesByReport.get(row.messageReportId)) || [],
      },
      now,
    ),
  );
}

/**
 * The reported message as it was when reported (the report keeps its text), between the messages before
 * and after it in the conversation as they are now; only the stored text when the message is gone.
 */
async function reportedMessages(db: Database, report: MessageReportRow): Promise<ReviewMessage[]> {
  const context = await messageWithContext(db, report, CONTEXT_MESSAGES);
  if (context.length === 0) {
    return [
      presentReviewMessage(
        { id: report.messageId, role: "bot", content: report.content, createdAt: report.createdAt },
        true,
      ),
    ];
  }
  return context.map((message) =>
    message.id === report.messageId
      ? presentReviewMessage({ ...message, content: report.content }, true)
      : presentReviewMessage(message, false),
  );
}

/**
 * `GET /api/admin/reviews`: one page (open ones oldest first, the queue; closed and all newest first)
 * with the open and overdue counts over every open review, for the admin navigation.
 */
export async function listReviews(
  db: Database,
  actor: MemberActor,
  query: AdminReviewListQuery,
  now: Date = new Date(),
): Promise<AdminReviewList> {
  assertAdmin(actor);
  const lastId = query.last_id ?? null;
  if (lastId && !(await findReview(db, lastId))) throw invalid("last_id", "last_id must be a review id");
  const [rows, counts] = await Promise.all([
    listReviewRows(db, { status: query.status, limit: query.limit, lastId }),
    countOpenReviews(db, overdueBefore(now)),
  ]);
  return presentReviewList(await presentReviews(db, rows, now), counts);
}

/** The reviews about a member's characters, newest first (admin user management). */
export async function listReviewsAboutCreator(
  db: Database,
  creatorUserId: string,
  now: Date = new Date(),
): Promise<AdminReview[]> {
  return presentReviews(db, await listReviewRowsOfCreator(db, creatorUserId, MEMBER_PAGE_MAX), now);
}

/** A member's characters as an admin sees them, deleted ones included, newest first. */
export async function listCharactersForAdmin(
  db: Database,
  creatorUserId: string,
): Promise<ReviewCharacter[]> {
  return (await reviewCharactersOfCreator(db, creatorUserId, MEMBER_PAGE_MAX)).map(presentReviewCharacter);
}

// ---------------------------------------------------------------------------------------------------
// Admin actions: each takes effect on the character row (every read path reads it), closes the review
// it was taken from with the matching action_taken, and writes the audit log, in one transaction.

type CharacterAction = Exclude<ReviewAction, "none">;

const AUDIT_ACTIONS: Record<CharacterAction, string> = {
  made_private: "character.make_private",
  set_nsfw: "character.set_nsfw",
  reset_underage: "character.reset_underage",
  fix_required: "character.require_fix",
  deleted: "character.delete",
};

/**
 * What each action changes. Making a character private is moderation's private (`permanently_private`),
 * which its creator cannot undo; requiring a fix shows the reasons to the creator only (moderationReport).
 */
function changeOf(body: AdminCharacterUpdate): { action: CharacterAction; change: ModerationChange } {
  if ("visibility" in body) return { action: "made_private", change: { visibility: "permanently_private" } };
  if ("is_nsfw" in body) return { action: "set_nsfw", change: { isNsfw: true } };
  if ("is_underage" in body) return { action: "reset_underage", change: { isUnderage: false } };
  return {
    action: "fix_required",
    change: {
      moderationStatus: "fix_required",
      reasonForModeration: body.reason_for_moderation,
      actionTakenDescription: body.action_taken_description,
    },
  };
}

const CHANGE_FOR_REVIEW_ACTION: Record<Exclude<CharacterAction, "fix_required">, ModerationChange> = {
  made_private: { visibility: "permanently_private" },
  set_nsfw: { isNsfw: true },
  reset_underage: { isUnderage: false },
  deleted: { isDeleted: true },
};

/** What the audit log keeps of a character: the fields moderation changes. */
function moderationSnapshot(row: CharacterRow): Record<string, unknown> {
  return {
    visibility: row.visibility,
    is_nsfw: row.isNsfw,
    is_underage: row.isUnderage,
    is_deleted: row.isDeleted,
    moderation_status: row.moderationStatus,
    reason_for_moderation: row.reasonForModeration ?? null,
    action_taken_description: row.actionTakenDescription,
  };
}

const RELEASE: ModerationChange = {
  moderationStatus: null,
  reasonForModeration: null,
  actionTakenDescription: null,
};

/**
 * Closing an `automatic` review (the check's hold, or a saved fix) settles the hold: unless the admin
 * requires a fix or deletes the character, a pending or rereview-required character is released (no
 * moderation status: visible again as its visibility says). Closing it with "none" means "nothing wrong".
 */
function releasesHold(review: ReviewRow | null, character: CharacterRow, action: ReviewAction): boolean {
  return (
    review?.source === "automatic" &&
    action !== "fix_required" &&
    action !== "deleted" &&
    character.moderationStatus !== null &&
    UNDER_REVIEW_STATUSES.includes(character.moderationStatus)
  );
}

/** Applies `change` (and a hold's release) to the locked character, closes `review`, audits both. */
async function settle(
  tx: Database,
  actor: MemberActor,
  character: CharacterRow,
  action: ReviewAction,
  change: ModerationChange,
  review: ReviewRow | null,
): Promise<void> {
  const full: ModerationChange = { ...change, ...(releasesHold(review, character, action) && RELEASE) };
  if (Object.keys(full).length > 0) {
    await updateModeration(tx, character.id, full);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: action === "none" ? "character.release" : AUDIT_ACTIONS[action],
      subjectType: "character",
      subjectId: character.id,
      before: moderationSnapshot(character),
      after: { ...moderationSnapshot({ ...character, ...full }), ...(review && { review_id: review.id }) },
    });
  }
  if (review) {
    await closeReviewRow(tx, review.id, { actionTaken: action, closedByUserId: actor.userId });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: "review.close",
      subjectType: "review",
      subjectId: review.id,
      before: { status: review.status, action_taken: review.actionTaken },
      after: { status: "closed", action_taken: action, character_id: review.characterId },
    });
  }
}

/** Admin actions are the admins' (the routes declare it too; the policy says it once more). */
function assertAdmin(actor: MemberActor): void {
  if (!can(actor, "review", null)) throw forbidden();
}

/** The review an admin action closes, locked (after its character), when it is open and about it. */
async function openReviewFor(tx: Database, reviewId: string, characterId: string): Promise<ReviewRow> {
  const review = await lockReview(tx, reviewId);
  const decision = decideCloseReview(review, characterId);
  if (decision === "not_found" || !review) throw reviewNotFound();
  if (decision === "other_character") {
    throw invalid("review_id", "This review is about another character.");
  }
  if (decision === "closed") throw new AppError(409, "review_closed");
  return review;
}

/**
 * `PUT /api/admin/reviews/{id}`: closes the review with `action_taken`, and takes that action on its
 * character (made_private, set_nsfw, reset_underage, deleted) so the record never says more than was
 * done; "none" only closes it (and releases an automatic hold, see releasesHold). A fix needs its
 * reasons, so it is required through `PUT /api/admin/characters/{id}`. A closed review: 409.
 */
export async function closeReview(
  db: Database,
  actor: MemberActor,
  reviewId: string,
  body: AdminReviewUpdate,
  now: Date = new Date(),
): Promise<AdminReview> {
  assertAdmin(actor);
  const action = body.action_taken;
  if (action === "fix_required") {
    throw invalid(
      "action_taken",
      "A fix needs its reasons: require it with PUT /api/admin/characters/{id} and this review's id.",
    );
  }
  const found = await findReview(db, reviewId);
  if (!found) throw reviewNotFound();
  await db.transaction(async (tx) => {
    // The character first, then the review: the order every moderation writer locks them in.
    const character = await lockCharacter(tx, found.characterId);
    if (!character) throw characterNotFound();
    const review = await openReviewFor(tx, reviewId, character.id);
    if (action === "none") return settle(tx, actor, character, action, {}, review);
    if (character.isDeleted) {
      if (action !== "deleted") throw characterDeleted();
      return settle(tx, actor, character, action, {}, review);
    }
    return settle(tx, actor, character, action, CHANGE_FOR_REVIEW_ACTION[action], review);
  });
  const closed = await findReview(db, reviewId);
  if (!closed) throw reviewNotFound();
  const [presented] = await presentReviews(db, [closed], now);
  if (!presented) throw reviewNotFound();
  return presented;
}

async function presentedCharacter(db: Database, id: string): Promise<ReviewCharacter> {
  const [row] = await reviewCharactersByIds(db, [id]);
  if (!row) throw characterNotFound();
  return presentReviewCharacter(row);
}

/**
 * `PUT /api/admin/characters/{id}`: make it private, mark it NSFW, reset its underage flag, or require a
 * fix with reasons; with `review_id`, that review (open, about this character) closes with the matching
 * action_taken. Answers the character as it now is.
 */
export async function updateCharacterAsAdmin(
  db: Database,
  actor: MemberActor,
  characterId: string,
  body: AdminCharacterUpdate,
): Promise<ReviewCharacter> {
  assertAdmin(actor);
  const { action, change } = changeOf(body);
  await db.transaction(async (tx) => {
    const character = await lockCharacter(tx, characterId);
    if (!character) throw characterNotFound();
    if (!can(actor, "moderate", character)) throw characterDeleted();
    const review = body.review_id ? await openReviewFor(tx, body.review_id, character.id) : null;
    await settle(tx, actor, character, action, change, review);
  });
  return presentedCharacter(db, characterId);
}

/**
 * `DELETE /api/admin/characters/{id}?review_id=`: the soft delete the app uses everywhere (is_deleted),
 * closing the review with "deleted". Deleting a character already deleted changes nothing but still
 * closes the review.
 */
export async function deleteCharacterAsAdmin(
  db: Database,
  actor: MemberActor,
  characterId: string,
  reviewId: string | undefined,
): Promise<void> {
  assertAdmin(actor);
  await db.transaction(async (tx) => {
    const character = await lockCharacter(tx, characterId);
    if (!character) throw characterNotFound();
    const review = reviewId ? await openReviewFor(tx, reviewId, character.id) : null;
    const change = character.isDeleted ? {} : CHANGE_FOR_REVIEW_ACTION.deleted;
    await settle(tx, actor, character, "deleted", change, review);
  });
}
