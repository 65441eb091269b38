import type { ReviewSource } from "@hearth/contracts";
import { and, asc, count, countDistinct, desc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  characterReports,
  characters,
  messageReports,
  messages,
  type ReviewRow,
  reviews,
  users,
} from "../../db/schema";

/** The predicate of `reviews_open_character_source_idx`, written the same so ON CONFLICT infers it. */
const ONE_OPEN_PER_SOURCE = sql`status = 'open' and source <> 'message_report'`;

type NewReview = {
  characterId: string;
  source: Exclude<ReviewSource, "message_report">;
  issue: string;
  resolution?: ReviewRow["resolution"];
  details: string;
};

/**
 * The character's open review from `source`, opened now when there is none (`created`). Concurrent calls
 * meet on the partial unique index: one inserts, the others wait for it and find its row. Should that
 * row be closed in between, it tries again.
 */
export async function findOrOpenReview(
  db: Database,
  values: NewReview,
): Promise<{ id: string; created: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [inserted] = await db
      .insert(reviews)
      .values(values)
      .onConflictDoNothing({ target: [reviews.characterId, reviews.source], where: ONE_OPEN_PER_SOURCE })
      .returning({ id: reviews.id });
    if (inserted) return { id: inserted.id, created: true };
    const [open] = await db
      .select({ id: reviews.id })
      .from(reviews)
      .where(
        and(
          eq(reviews.characterId, values.characterId),
          eq(reviews.source, values.source),
          eq(reviews.status, "open"),
        ),
      )
      .limit(1);
    if (open) return { id: open.id, created: false };
  }
  throw new Error("No open review could be found or opened");
}

/** A message report's own review (message reports never share one). */
export async function insertMessageReview(
  db: Database,
  values: { characterId: string; messageReportId: string; issue: string; details: string },
): Promise<string> {
  const [row] = await db
    .insert(reviews)
    .values({ ...values, source: "message_report" })
    .returning({ id: reviews.id });
  if (!row) throw new Error("Inserting a review returned no row");
  return row.id;
}

export async function updateOpenReview(
  db: Database,
  id: string,
  values: { issue: string; details: string },
): Promise<void> {
  await db
    .update(reviews)
    .set(values)
    .where(and(eq(reviews.id, id), eq(reviews.status, "open")));
}

/** Adds the member's report to the review; false when they had already reported it (counted once). */
export async function addCharacterReport(
  db: Database,
  values: typeof characterReports.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(characterReports)
    .values(values)
    .onConflictDoNothing({ target: [characterReports.reviewId, characterReports.reporterUserId] })
    .returning({ id: characterReports.id });
  return rows.length > 0;
}

export async function findReview(db: Database, id: string): Promise<ReviewRow | null> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).limit(1);
  return row ?? null;
}

/** The review locked until the transaction ends (lock its character first: the order every writer keeps). */
export async function lockReview(db: Database, id: string): Promise<ReviewRow | null> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).for("update").limit(1);
  return row ?? null;
}

export async function closeReviewRow(
  db: Database,
  id: string,
  values: { actionTaken: ReviewRow["actionTaken"]; closedByUserId: string },
): Promise<ReviewRow> {
  const [row] = await db
    .update(reviews)
    .set({ ...values, status: "closed", closedAt: sql`now()` })
    .where(eq(reviews.id, id))
    .returning();
  if (!row) throw new Error(`Review ${id} vanished while being closed`);
  return row;
}

export type ReviewFilter = "open" | "closed" | "all";

/**
 * One page of the review table. Open reviews oldest first (a queue: the longest waiting on top, the
 * overdue ones first); closed and all newest first. After `lastId` (the previous page's last row),
 * compared in the database so timestamps keep their microseconds.
 */
export function listReviewRows(
  db: Database,
  options: { status: ReviewFilter; limit: number; lastId: string | null },
): Promise<ReviewRow[]> {
  const oldestFirst = options.status === "open";
  const filters: SQL[] = [];
  if (options.status !== "all") filters.push(eq(reviews.status, options.status));
  if (options.lastId) {
    const last = sql`(select r.created_at, r.id from reviews r where r.id = ${options.lastId})`;
    filters.push(
      oldestFirst
        ? sql`(${reviews.createdAt}, ${reviews.id}) > ${last}`
        : sql`(${reviews.createdAt}, ${reviews.id}) < ${last}`,
    );
  }
  const order = oldestFirst
    ? [asc(reviews.createdAt), asc(reviews.id)]
    : [desc(reviews.createdAt), desc(reviews.id)];
  return db
    .select()
    .from(reviews)
    .where(and(...filters))
    .orderBy(...order)
    .limit(options.limit);
}

/** The reviews about any of a creator's characters, newest first. */
export function listReviewRowsOfCreator(db: Database, creatorUserId: string, limit: number) {
  return db
    .select({ review: reviews })
    .from(reviews)
    .innerJoin(characters, eq(characters.id, reviews.characterId))
    .where(eq(characters.creatorUserId, creatorUserId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .then((rows) => rows.map((row) => row.review));
}

/** How many reviews are open, and how many of those were opened before `overdueBefore`. */
export async function countOpenReviews(
  db: Database,
  overdueBefore: Date,
): Promise<{ open: number; overdue: number }> {
  const [row] = await db
    .select({
      open: count(),
      overdue: sql<number>`count(*) filter (where ${lt(reviews.createdAt, overdueBefore)})`.mapWith(Number),
    })
    .from(reviews)
    .where(eq(reviews.status, "open"));
  return { open: row?.open ?? 0, overdue: row?.overdue ?? 0 };
}

/** Distinct members who reported, per review. */
export async function reportCounts(db: Database, reviewIds: readonly string[]): Promise<Map<string, number>> {
  if (reviewIds.length === 0) return new Map();
  const rows = await db
    .select({
      reviewId: characterReports.reviewId,
      reporters: countDistinct(characterReports.reporterUserId),
    })
    .from(characterReports)
    .where(inArray(characterReports.reviewId, [...reviewIds]))
    .groupBy(characterReports.reviewId);
  return new Map(rows.map((row) => [row.reviewId, row.reporters]));
}

export type ReviewReportRow = Pick<
  typeof characterReports.$inferSelect,
  "id" | "reviewId" | "reporterUserId" | "issueType" | "expectedResolution" | "details" | "createdAt"
> & { reporterUsername: string | null };

/** The members' reports that joined these reviews, with each reporter's username, oldest first. */
export function reportsOfReviews(db: Database, reviewIds: readonly string[]): Promise<ReviewReportRow[]> {
  if (reviewIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: characterReports.id,
      reviewId: characterReports.reviewId,
      reporterUserId: characterReports.reporterUserId,
      reporterUsername: users.username,
      issueType: characterReports.issueType,
      expectedResolution: characterReports.expectedResolution,
      details: characterReports.details,
      createdAt: characterReports.createdAt,
    })
    .from(characterReports)
    .innerJoin(users, eq(users.id, characterReports.reporterUserId))
    .where(inArray(characterReports.reviewId, [...reviewIds]))
    .orderBy(asc(characterReports.createdAt), asc(characterReports.id));
}

/** A character as an admin sees it beside a review: with its definition and its creator's username. */
const reviewCharacterColumns = {
  id: characters.id,
  name: characters.name,
  title: characters.title,
  avatarUrl: characters.avatarUrl,
  creatorUserId: characters.creatorUserId,
  creatorUsername: users.username,
  visibility: characters.visibility,
  isNsfw: characters.isNsfw,
  isUnderage: characters.isUnderage,
  isDeleted: characters.isDeleted,
  moderationStatus: characters.moderationStatus,
  reasonForModeration: characters.reasonForModeration,
  actionTakenDescription: characters.actionTakenDescription,
  tags: characters.tags,
  greeting: characters.greeting,
  persona: characters.persona,
  scenario: characters.scenario,
  createdAt: characters.createdAt,
};
function selectReviewCharacters(db: Database) {
  return db
    .select(reviewCharacterColumns)
    .from(characters)
    .innerJoin(users, eq(users.id, characters.creatorUserId));
}
export type ReviewCharacterRow = Awaited<ReturnType<typeof selectReviewCharacters>>[number];

export function reviewCharactersByIds(db: Database, ids: readonly string[]): Promise<ReviewCharacterRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectReviewCharacters(db).where(inArray(characters.id, [...ids]));
}

/** A creator's characters, deleted ones too (an admin sees what there was), newest first. */
export function reviewCharactersOfCreator(
  db: Database,
  creatorUserId: string,
  limit: number,
): Promise<ReviewCharacterRow[]> {
  return selectReviewCharacters(db)
    .where(eq(characters.creatorUserId, creatorUserId))
    .orderBy(desc(characters.createdAt), desc(characters.id))
    .limit(limit);
}

export type MessageReportRow = Pick<
  typeof messageReports.$inferSelect,
  "id" | "messageId" | "conversationId" | "content" | "createdAt"
>;

export function messageReportsByIds(db: Database, ids: readonly string[]): Promise<MessageReportRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: messageReports.id,
      messageId: messageReports.messageId,
      conversationId: messageReports.conversationId,
      content: messageReports.content,
      createdAt: messageReports.createdAt,
    })
    .from(messageReports)
    .where(inArray(messageReports.id, [...ids]));
}

const contextColumns = {
  id: messages.id,
  role: messages.role,
  content: messages.content,
  createdAt: messages.createdAt,
};
export type ContextMessageRow = { id: string; role: "user" | "bot"; content: string; createdAt: Date };

/**
 * The reported message and up to `around` messages before and after it in its conversation, in order;
 * empty when the message is gone. Compared in the database (timestamps keep their microseconds).
 */
export async function messageWithContext(
  db: Database,
  report: Pick<MessageReportRow, "messageId" | "conversationId">,
  around: number,
): Promise<ContextMessageRow[]> {
  const at = sql`(select m.created_at, m.id from messages m where m.id = ${report.messageId})`;
  const inConversation = eq(messages.conversationId, report.conversationId);
  const [before, reported, after] = await Promise.all([
    db
      .select(contextColumns)
      .from(messages)
      .where(and(inConversation, sql`(${messages.createdAt}, ${messages.id}) < ${at}`))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(around),
    db.select(contextColumns).from(messages).where(eq(messages.id, report.messageId)).limit(1),
    db
      .select(contextColumns)
      .from(messages)
      .where(and(inConversation, sql`(${messages.createdAt}, ${messages.id}) > ${at}`))
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(around),
  ]);
  if (reported.length === 0) return [];
  return [...before.reverse(), ...reported, ...after];
}
