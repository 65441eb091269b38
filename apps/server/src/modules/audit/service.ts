import type { AuditList } from "@hearth/contracts";
import type { Database } from "../../db/client";
import { AppError } from "../../http/errors";
import { presentAuditEntry } from "./presenter";
import { auditEntryExists, insertAuditEntry, listAuditEntries, type NewAuditEntry } from "./repository";

/**
 * Records one admin action (who, what, on which subject, the subject before and after). Pass the
 * transaction that made the change, so the entry is written with it or not at all.
 */
export function recordAudit(db: Database, entry: NewAuditEntry): Promise<void> {
  return insertAuditEntry(db, entry);
}

/** `GET /api/admin/audit`: newest first, a page after `last_id`. */
export async function listAudit(
  db: Database,
  query: { limit: number; last_id?: string | undefined },
): Promise<AuditList> {
  const lastId = query.last_id ?? null;
  if (lastId && !(await auditEntryExists(db, lastId))) {
    const message = "last_id must be an audit entry id";
    throw new AppError(400, "validation_error", message, { last_id: message });
  }
  const rows = await listAuditEntries(db, { limit: query.limit, lastId });
  return { data: rows.map(presentAuditEntry) };
}
