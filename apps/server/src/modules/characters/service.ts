import type {
  Character,
  CharacterCard,
  CharacterCreateBody,
  CharacterListQuery,
  CharacterUpdateBody,
  OwnCharacter,
  OwnCharacterCard,
} from "@hearth/contracts";
import type { Database } from "../../db/client";
import type { CharacterRow, characters } from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import { recordAudit } from "../audit/index";
import { describeFindings, type Finding, reviewIssueOf } from "../content-check/index";
import type { TokenCounter } from "../llm/index";
import { decodeCursor, encodeCursor } from "./cursor";
import {
  can,
  canChangeVisibility,
  canOpenCharacter,
  canSeeModeration,
  decideDelete,
  decideEdit,
} from "./policy";
import {
  presentCharacterDetail,
  presentOwnCharacter,
  presentOwnSummaries,
  presentSummaries,
} from "./presenter";
import { loadRelations } from "./relations";
import {
  browseCharacters,
  findCharacterById,
  insertCharacter,
  listOwnCharacters,
  lockCharacter,
  markedNsfwByModeration,
  updateCharacter,
} from "./repository";
import { type CharacterChecks, checkedTextOf, type ReviewRequest, sameCheckedText } from "./review-port";
import { listTagSuggestions } from "./tag-suggestions";
import { countDefinitionTokens } from "./token-count";
import type { Viewer } from "./viewer";

const OWN_LIST_MAX = 500;
const PERMANENTLY_PRIVATE_MESSAGE =
  "This character was made permanently private by moderation; its visibility cannot be changed.";

/** `GET /api/characters`: listed characters, searched, tag-filtered and sorted, one keyset page. */
export async function browse(
  db: Database,
  viewer: Viewer,
  query: CharacterListQuery,
): Promise<{ data: CharacterCard[]; next_cursor: string | null }> {
  const rows = await browseCharacters(db, {
    includeNsfw: viewer.allowsNsfw,
    viewerId: viewer.userId,
    search: query.search || undefined,
    tags: query.tags,
    sort: query.sort,
    cursor: query.cursor ? decodeCursor(query.cursor, query.sort) : null,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last ? encodeCursor({ key: last.sortKey, id: last.id }) : null;
  return { data: await presentSummaries(db, viewer, page), next_cursor: nextCursor };
}

/** One character as the viewer may see it (an admin: any not deleted, as its creator); 404 when they may not. */
export async function getCharacter(db: Database, viewer: Viewer, id: string): Promise<Character> {
  const row = await findCharacterById(db, id);
  if (!row || !canOpenCharacter(row, viewer)) throw notFound();
  const [relationOf, suggestions] = await Promise.all([
    loadRelations(db, viewer, [row]),
    canSeeModeration(row, viewer) ? listTagSuggestions(db, row.id) : Promise.resolve([]),
  ]);
  return presentCharacterDetail(row, viewer, relationOf(row), suggestions);
}

/**
 * The character as its creator sees it, after they (or an admin) created, edited or imported it; 404 for
 * anyone else.
 */
async function getOwnCharacter(db: Database, viewer: Viewer, id: string): Promise<OwnCharacter> {
  const row = await findCharacterById(db, id);
  if (!row || !canOpenCharacter(row, viewer) || !canSeeModeration(row, viewer)) throw notFound();
  const [relationOf, suggestions] = await Promise.all([
    loadRelations(db, viewer, [row]),
    listTagSuggestions(db, row.id),
  ]);
  return presentOwnCharacter(row, viewer, relationOf(row), suggestions);
}

type Definition = Pick<
  typeof characters.$inferSelect,
  "name" | "greeting" | "persona" | "scenario" | "dialogue"
>;

/** The automatic review of a character the check flagged: its findings as the review's issue and details. */
const flaggedReview = (characterId: string, findings: readonly Finding[]): ReviewRequest => ({
  characterId,
  issue: reviewIssueOf(findings),
  details: describeFindings(findings),
});

/** The issue of the review a saved fix opens. */
const FIX_SUBMITTED_ISSUE = "Fix submitted";

/** The review of a fix the creator saved: what the admin asked for, and anything the check found in it. */
function fixReview(
  characterId: string,
  row: Pick<CharacterRow, "reasonForModeration" | "actionTakenDescription">,
  findings: readonly Finding[],
): ReviewRequest {
  const reasons = Array.isArray(row.reasonForModeration)
    ? row.reasonForModeration.filter((reason): reason is string => typeof reason === "string")
    : [];
  const lines = [
    "The creator saved a fix; review the character again.",
    ...(reasons.length > 0 ? [`Reasons given: ${reasons.join("; ")}`] : []),
    ...(row.actionTakenDescription ? [`Asked to change: ${row.actionTakenDescription}`] : []),
    ...(findings.length > 0 ? ["The automatic check found:", describeFindings(findings)] : []),
  ];
  return { characterId, issue: FIX_SUBMITTED_ISSUE, details: lines.join("\n") };
}

/**
 * A new character of the member; `countTokens` (the platform model's tokenizer) gives its token_count.
 * The automatic check reads it first: when it flags anything, the character is saved pending (invisible
 * to others) with an automatic review for the admins, in one transaction.
 */
export async function createCharacter(
  db: Database,
  viewer: Viewer & { userId: string },
  body: CharacterCreateBody,
  countTokens: TokenCounter,
  checks: CharacterChecks,
  cardExtras: Record<string, unknown> = {},
): Promise<OwnCharacter> {
  const findings = await checks.contentCheck.checkCharacter(checkedTextOf(body));
  const held = findings.length > 0;
  const id = await db.transaction(async (tx) => {
    const id = await insertCharacterRow(tx, viewer, body, countTokens, cardExtras, held);
    if (held) await checks.reviews.requestReview(tx, flaggedReview(id, findings));
    return id;
  });
  return getOwnCharacter(db, viewer, id);
}

function insertCharacterRow(
  db: Database,
  viewer: Viewer & { userId: string },
  body: CharacterCreateBody,
  countTokens: TokenCounter,
  cardExtras: Record<string, unknown>,
  held: boolean,
): Promise<string> {
  return insertCharacter(db, {
    creatorUserId: viewer.userId,
    name: body.name,
    title: body.title,
    greeting: body.greeting,
    persona: body.persona,
    scenario: body.scenario,
    dialogue: body.dialogue,
    tags: body.tags,
    avatarUrl: body.avatar_url,
    avatarIsNsfw: body.avatar_is_nsfw,
    visibility: body.visibility,
    definitionVisible: body.definition_visible,
    isNsfw: body.is_nsfw,
    language: body.language,
    cardExtras,
    tokenCount: countDefinitionTokens(body, countTokens),
    ...(held && { moderationStatus: "pending" as const }),
  });
}

/**
 * Refuses an edit the policy does not allow: 404, 403 for another member or a visibility moderation set,
 * 409 while under review. Answers the row and whether the edit is an admin's (not the creator's own).
 */
function editable(
  row: CharacterRow | null,
  viewer: Viewer,
  changes: CharacterUpdateBody,
): { row: CharacterRow; asAdmin: boolean } {
  const decision = decideEdit(row, viewer);
  if (decision === "not_found" || !row) throw notFound();
  if (decision === "not_creator")
    throw new AppError(403, "forbidden", "Only the creator can edit this character.");
  if (decision === "under_review") throw new AppError(409, "under_review");
  if (changes.visibility !== undefined && !canChangeVisibility(row)) {
    throw new AppError(403, "forbidden", PERMANENTLY_PRIVATE_MESSAGE, {
      visibility: PERMANENTLY_PRIVATE_MESSAGE,
    });
  }
  return { row, asAdmin: decision === "as_admin" };
}

/** What the audit log keeps of an admin's edit: the fields the edit names, as they were and as saved. */
function editSnapshot(row: CharacterRow, changes: CharacterUpdateBody): Record<string, unknown> {
  const all: Record<keyof CharacterUpdateBody, unknown> = {
    name: row.name,
    title: row.title,
    greeting: row.greeting,
    persona: row.persona,
    scenario: row.scenario,
    dialogue: row.dialogue,
    tags: row.tags,
    avatar_url: row.avatarUrl,
    avatar_is_nsfw: row.avatarIsNsfw,
    visibility: row.visibility,
    definition_visible: row.definitionVisible,
    is_nsfw: row.isNsfw,
    language: row.language,
  };
  return Object.fromEntries(
    Object.entries(all).filter(([key]) => changes[key as keyof CharacterUpdateBody] !== undefined),
  );
}

const MODERATED_NSFW_MESSAGE = "Moderation marked this character NSFW, so it stays NSFW.";

/** The character's checked text once `changes` are applied to `row`. */
const editedText = (row: CharacterRow, changes: CharacterUpdateBody) =>
  checkedTextOf({
    name: changes.name ?? row.name,
    title: changes.title ?? row.title,
    persona: changes.persona ?? row.persona,
    greeting: changes.greeting ?? row.greeting,
    scenario: changes.scenario ?? row.scenario,
    dialogue: changes.dialogue ?? row.dialogue,
    tags: changes.tags ?? row.tags,
  });

/**
 * `PATCH /api/characters/{id}`: the creator's changed fields. Refused while under review (pending or
 * rereview required: 409 under_review). The automatic check reads the character as it will be saved:
 * when it flags anything the character becomes pending with an automatic review. Saving a fix-required
 * character sends it back for review (rereview required, with a review of the fix), flagged or not. The
 * token count follows the definition (`countTokens`).
 *
 * An admin edits any character that is not deleted, under review too (decideEdit: `as_admin`): the edit
 * takes effect at once and is audited (`character.edit`, the changed fields before and after). It keeps
 * the moderation status as it is (an admin's edit is not the creator's fix); the check still reads it, and
 * what it flags goes to the review table (holding a character that was not held yet).
 */
export async function editCharacter(
  db: Database,
  viewer: Viewer,
  id: string,
  changes: CharacterUpdateBody,
  countTokens: TokenCounter,
  checks: CharacterChecks,
): Promise<OwnCharacter> {
  // Checked before the row is locked: a moderation server may take seconds to answer.
  const current = editable(await findCharacterById(db, id), viewer, changes).row;
  // Who set the NSFW mark is read only when an NSFW character is being un-marked.
  if (changes.is_nsfw === false && current.isNsfw) {
    const nsfwSetByModeration = await markedNsfwByModeration(db, id);
    if (!can(viewer, "unmark_nsfw", { ...current, nsfwSetByModeration })) {
      throw new AppError(403, "forbidden", MODERATED_NSFW_MESSAGE, { is_nsfw: MODERATED_NSFW_MESSAGE });
    }
  }
  const checkedText = editedText(current, changes);
  const checked = await checks.contentCheck.checkCharacter(checkedText);
  await db.transaction(async (tx) => {
    const { row, asAdmin } = editable(await lockCharacter(tx, id), viewer, changes);
    // Changed by a concurrent edit meanwhile (rare): check the text that will actually be saved.
    const text = editedText(row, changes);
    const findings = sameCheckedText(text, checkedText)
      ? checked
      : await checks.contentCheck.checkCharacter(text);
    const definition: Definition = {
      name: changes.name ?? row.name,
      greeting: changes.greeting ?? row.greeting,
      persona: changes.persona ?? row.persona,
      scenario: changes.scenario ?? row.scenario,
      dialogue: changes.dialogue ?? row.dialogue,
    };
    const savesFix = !asAdmin && row.moderationStatus === "fix_required";
    const holds = findings.length > 0 && (asAdmin ? row.moderationStatus === null : !savesFix);
    await updateCharacter(tx, id, {
      ...definition,
      ...(changes.title !== undefined && { title: changes.title }),
      ...(changes.tags !== undefined && { tags: changes.tags }),
      ...(changes.avatar_url !== undefined && { avatarUrl: changes.avatar_url }),
      ...(changes.avatar_is_nsfw !== undefined && { avatarIsNsfw: changes.avatar_is_nsfw }),
      ...(changes.visibility !== undefined && { visibility: changes.visibility }),
      ...(changes.definition_visible !== undefined && { definitionVisible: changes.definition_visible }),
      ...(changes.is_nsfw !== undefined && { isNsfw: changes.is_nsfw }),
      ...(changes.language !== undefined && { language: changes.language }),
      ...(savesFix
        ? { moderationStatus: "rereview_required" as const }
        : holds && { moderationStatus: "pending" as const }),
      tokenCount: countDefinitionTokens(definition, countTokens),
    });
    if (savesFix) {
      await checks.reviews.requestReview(tx, fixReview(id, row, findings));
    } else if (findings.length > 0) {
      await checks.reviews.requestReview(tx, flaggedReview(id, findings));
    }
    if (asAdmin && viewer.userId) {
      const saved = await lockCharacter(tx, id);
      await recordAudit(tx, {
        actorUserId: viewer.userId,
        action: "character.edit",
        subjectType: "character",
        subjectId: id,
        before: editSnapshot(row, changes),
        after: {
          ...(saved ? editSnapshot(saved, changes) : {}),
          ...(holds && { moderation_status: "pending" }),
        },
      });
    }
  });
  return getOwnCharacter(db, viewer, id);
}

/** Soft delete by the creator (the route already required delete_character). */
export async function deleteCharacter(db: Database, viewer: Viewer, id: string): Promise<void> {
  const row = await findCharacterById(db, id);
  const decision = decideDelete(row, viewer);
  if (decision === "not_found" || !row) throw notFound();
  if (decision === "not_creator")
    throw new AppError(403, "forbidden", "Only the creator can delete this character.");
  await updateCharacter(db, id, { isDeleted: true });
}

/** `GET /api/users/characters`: the caller's own characters, fix required first. */
export async function listMyCharacters(
  db: Database,
  viewer: Viewer & { userId: string },
): Promise<OwnCharacterCard[]> {
  const rows = await listOwnCharacters(db, viewer.userId, OWN_LIST_MAX);
  return presentOwnSummaries(db, viewer, rows);
}
