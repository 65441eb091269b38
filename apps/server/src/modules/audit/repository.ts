import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type AuditRow, auditLog, users } from "../../db/schema";

export type AuditSubjectType = AuditRow["subjectType"];
export type NewAuditEntry = {
  actorUserId: string;
  action: string;
  subjectType: AuditSubjectType;
  subjectId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};
export type AuditEntryRow = AuditRow & { actorUsername: string | null };

export async function insertAuditEntry(db: Database, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export async function auditEntryExists(db: Database, id: string): Promise<boolean> {
  const rows = await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.id, id)).limit(1);
  return rows.length > 0;
}

/**
 * One page of the log, newest first, with each actor's username; after `lastId` (the last entry of the
 * previous page), compared in the database so timestamps keep their microseconds.
 */
export function listAuditEntries(
  db: Database,
  options: { limit: number; lastId: string | null },
): Promise<AuditEntryRow[]> {
  const filters: SQL[] = [];
  if (options.lastId) {
    filters.push(
      sql`(${auditLog.createdAt}, ${auditLog.id}) < (select a.created_at, a.id from audit_log a where a.id = ${options.lastId})`,
    );
  }
  return db
    .select({ ...auditColumns, actorUsername: users.username })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(...filters))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(options.limit);
}

const auditColumns = {
  id: auditLog.id,
  actorUserId: auditLog.actorUserId,
  action: auditLog.action,
  subjectType: auditLog.subjectType,
  subjectId: auditLog.subjectId,
  before: auditLog.before,
  after: auditLog.after,
  createdAt: auditLog.createdAt,
};
