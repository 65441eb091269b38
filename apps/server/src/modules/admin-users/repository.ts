import { asc, eq, getTableColumns, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type UserRow, users } from "../../db/schema";

export type AdminUserRow = UserRow & { characterCount: number; reportCount: number };

/**
 * The member's live characters, and the reports they filed (of characters and of chat messages). The
 * outer row is named in full: Drizzle writes a single table's own columns unqualified, which inside
 * these subqueries would name the subqueries' tables instead.
 */
const MEMBER = sql.raw(`"users"."id"`);
const counts = {
  characterCount:
    sql<number>`(select count(*) from characters c where c.creator_user_id = ${MEMBER} and not c.is_deleted)`.mapWith(
      Number,
    ),
  reportCount:
    sql<number>`((select count(*) from character_reports r where r.reporter_user_id = ${MEMBER}) + (select count(*) from message_reports m where m.reporter_user_id = ${MEMBER}))`.mapWith(
      Number,
    ),
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/**
 * Members whose email or username is `term` or starts with it (both are stored lower-case, so the
 * lower-cased term matches case-insensitively); exact matches first, then by email. A small list.
 */
export function searchUsers(db: Database, term: string, limit: number): Promise<AdminUserRow[]> {
  const prefix = `${escapeLike(term)}%`;
  return db
    .select({ ...getTableColumns(users), ...counts })
    .from(users)
    .where(
      or(
        eq(users.email, term),
        eq(users.username, term),
        sql`${users.email} like ${prefix}`,
        sql`${users.username} like ${prefix}`,
      ),
    )
    .orderBy(
      sql`case when ${users.email} = ${term} or ${users.username} = ${term} then 0 else 1 end`,
      asc(users.email),
      asc(users.id),
    )
    .limit(limit);
}

export async function findAdminUser(db: Database, id: string): Promise<AdminUserRow | null> {
  const [row] = await db
    .select({ ...getTableColumns(users), ...counts })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}
