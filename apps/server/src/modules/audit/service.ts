import { createHash } from "node:crypto";
import type { AuditList } from "@hearth/contracts";
import type { Database } from "../../db/client";
import { AppError } from "../../http/errors";
import { presentAuditEntry } from "./presenter";
import {
  type AuditSubjectType,
  auditEntryExists,
  insertAuditEntry,
  listAuditEntries,
  type NewAuditEntry,
} from "./repository";

/** The namespace of the name-based subject ids below (a fixed random UUID). */
const SUBJECT_NAMESPACE = "3f0c1a52-8d0e-4c47-9a51-6b7f2e0d9c14";

/**
 * The audit id of a subject named by a text key (a feature flag): the name-based UUID (RFC 9562 version
 * 5) of `type:name`, so every entry about it shares one subject_id; the entry keeps the name too.
 */
export function auditSubjectIdOf(type: AuditSubjectType, name: string): string {
  const namespace = Buffer.from(SUBJECT_NAMESPACE.replaceAll("-", ""), "hex");
  const hash = createHash("sha1").update(namespace).update(`${type}:${name}`).digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

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
