import type { CharacterSort } from "@hearth/contracts";
import { and, desc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  blockedCreators,
  type CharacterRow,
  characters,
  reviews,
  type tagSuggestions,
  users,
} from "../../db/schema";
import { announceChange } from "../../kernel/change-feed";
import type { Cursor } from "./cursor";
import type { Viewer } from "./viewer";

export type CharacterWithCreator = CharacterRow & { creatorUsername: string | null };
/** What lists carry: everything but the definition, which lists never send. */
export type CharacterSummary = Omit<CharacterWithCreator, "persona" | "scenario" | "dialogue" | "cardExtras">;
export type TagSuggestionRow = typeof tagSuggestions.$inferSelect;

const {
  persona: _p,
  scenario: _s,
  dialogue: _d,
  cardExtras: _c,
  ...summaryColumns
} = getTableColumns(characters);
const withCreator = { ...getTableColumns(characters), creatorUsername: users.username };
export const summaryWithCreator = { ...summaryColumns, creatorUsername: users.username };

/**
 * Listed characters: the partial indexes' predicate in the schema, written the same so they serve these
 * queries, and no moderation status at all (pending and rereview required are held for review too; the
 * index's own `is distinct from 'fix_required'` is implied by `is null`).
 */
export const LISTED: SQL = sql`${characters.visibility} = 'public' and not ${characters.isDeleted} and not ${characters.isUnderage} and ${characters.moderationStatus} is distinct from 'fix_required' and ${characters.moderationStatus} is null`;

/** Filters shared by every public list: NSFW only when allowed, nothing by creators the viewer blocked. */
export function discoveryFilters(options: { includeNsfw: boolean; viewerId: string | null }): SQL[] {
  const filters: SQL[] = [LISTED];
  if (!options.includeNsfw) filters.push(eq(characters.isNsfw, false));
  if (options.viewerId) {
    filters.push(
      sql`not exists (select 1 from ${blockedCreators} where ${blockedCreators.userId} = ${options.viewerId} and ${blockedCreators.creatorUserId} = ${characters.creatorUserId})`,
    );
  }
  return filters;
}

/**
 * The SQL twin of `hiddenByContent` (policy.ts): true for characters whose content does not keep them from
 * this viewer (not flagged underage, not NSFW on the safe-for-work brand; all of the creator's own). For
 * reads that reach characters through the viewer's own rows, such as their chat history.
 */
export function contentVisibleFilter(viewer: Pick<Viewer, "userId" | "brand">): SQL {
  const hidden =
    viewer.brand === "sfw"
      ? sql`(${characters.isUnderage} or ${characters.isNsfw})`
      : sql`${characters.isUnderage}`;
  if (!viewer.userId) return sql`not ${hidden}`;
  return sql`(not ${hidden} or ${characters.creatorUserId} = ${viewer.userId})`;
}

const SORT_COLUMNS = {
  popular: { column: characters.numMessages, type: sql.raw("integer") },
  newest: { column: characters.createdAt, type: sql.raw("timestamptz") },
  rating: { column: characters.ratingScore, type: sql.raw("real") },
} as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

export type BrowseOptions = {
  includeNsfw: boolean;
  viewerId: string | null;
  search: string | undefined;
  tags: string[];
  sort: CharacterSort;
  cursor: Cursor | null;
  limit: number;
};

/** One page of listed characters in keyset order, with each row's cursor key. */
export function browseCharacters(
  db: Database,
  options: BrowseOptions,
): Promise<(CharacterSummary & { sortKey: string })[]> {
  const { column, type } = SORT_COLUMNS[options.sort];
  const filters = discoveryFilters(options);
  if (options.search) {
    const pattern = `%${escapeLike(options.search)}%`;
    filters.push(
      sql`(${characters.name} ilike ${pattern} or ${characters.title} ilike ${pattern} or array_to_string(${characters.tags}, ' ') ilike ${pattern})`,
    );
  }
  if (options.tags.length > 0) {
    const wanted = sql.join(
      options.tags.map((tag) => sql`${tag}`),
      sql`, `,
    );
    filters.push(sql`${characters.tags} @> array[${wanted}]::text[]`);
  }
  if (options.cursor) {
    filters.push(
      sql`(${column}, ${characters.id}) < (${options.cursor.key}::${type}, ${options.cursor.id}::uuid)`,
    );
  }
  return db
    .select({ ...summaryWithCreator, sortKey: sql<string>`${column}::text` })
    .from(characters)
    .innerJoin(users, eq(users.id, characters.creatorUserId))
    .where(and(...filters))
    .orderBy(desc(column), desc(characters.id))
    .limit(options.limit);
}

export async function findCharacterById(db: Database, id: string): Promise<CharacterWithCreator | null> {
  const [row] = await db
    .select(withCreator)
    .from(characters)
    .innerJoin(users, eq(users.id, characters.creatorUserId))
    .where(eq(characters.id, id))
    .limit(1);
  return row ?? null;
}

/** The row locked for an update in the same transaction. */
export async function lockCharacter(db: Database, id: string): Promise<CharacterRow | null> {
  const [row] = await db.select().from(characters).where(eq(characters.id, id)).for("update").limit(1);
  return row ?? null;
}

export async function insertCharacter(db: Database, values: typeof characters.$inferInsert): Promise<string> {
  const [row] = await db.insert(characters).values(values).returning({ id: characters.id });
  if (!row) throw new Error("Inserting a character returned no row");
  return row.id;
}

export async function updateCharacter(
  db: Database,
  id: string,
  values: Partial<typeof characters.$inferInsert>,
): Promise<void> {
  await db
    .update(characters)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(characters.id, id));
  announceChange("characters", id);
}

/** What moderation changes on a character (admin actions, holds for review); nothing else. */
export type ModerationChange = Partial<
  Pick<
    typeof characters.$inferInsert,
    | "visibility"
    | "isNsfw"
    | "isUnderage"
    | "isDeleted"
    | "moderationStatus"
    | "reasonForModeration"
    | "actionTakenDescription"
  >
>;

export function updateModeration(db: Database, id: string, values: ModerationChange): Promise<void> {
  return updateCharacter(db, id, values);
}

/** Adds 'User' to reportsType once (chat spec 3): members reported it. Not an edit, so updated_at stays. */
export async function markReportedByUsers(db: Database, id: string): Promise<void> {
  await db
    .update(characters)
    .set({ reportsType: sql`array_append(${characters.reportsType}, 'User')` })
    .where(and(eq(characters.id, id), sql`not ('User' = any(${characters.reportsType}))`));
}

/** The creator's live characters: fix required first, then under review, then the rest, newest edits first. */
export function listOwnCharacters(db: Database, userId: string, limit: number): Promise<CharacterSummary[]> {
  return db
    .select(summaryWithCreator)
    .from(characters)
    .innerJoin(users, eq(users.id, characters.creatorUserId))
    .where(and(eq(characters.creatorUserId, userId), eq(characters.isDeleted, false)))
    .orderBy(
      sql`case ${characters.moderationStatus} when 'fix_required' then 0 when 'pending' then 1 when 'rereview_required' then 1 else 2 end`,
      desc(characters.updatedAt),
      desc(characters.id),
    )
    .limit(limit);
}

/** A creator's characters: all live ones for the creator, listed ones for everybody else. */
export function listCreatorCharacters(
  db: Database,
  creatorUserId: string,
  options: { own: boolean; includeNsfw: boolean; limit: number },
): Promise<CharacterSummary[]> {
  const filters: SQL[] = [eq(characters.creatorUserId, creatorUserId)];
  if (options.own) filters.push(eq(characters.isDeleted, false));
  else filters.push(...discoveryFilters({ includeNsfw: options.includeNsfw, viewerId: null }));
  return db
    .select(summaryWithCreator)
    .from(characters)
    .innerJoin(users, eq(users.id, characters.creatorUserId))
    .where(and(...filters))
    .orderBy(desc(characters.numMessages), desc(characters.id))
    .limit(options.limit);
}

/** Summaries by id, in no particular order. */
export function findSummariesByIds(db: Database, ids: string[]): Promise<CharacterSummary[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(summaryWithCreator)
    .from(characters)
    .innerJoin(users, eq(users.id, characters.creatorUserId))
    .where(inArray(characters.id, ids));
}

/** Whether an admin marked the character NSFW (a review closed with set_nsfw): its creator cannot undo that. */
export async function markedNsfwByModeration(db: Database, characterId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.characterId, characterId), eq(reviews.actionTaken, "set_nsfw")))
    .limit(1);
  return row !== undefined;
}
