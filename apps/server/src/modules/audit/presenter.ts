import type { AuditEntry } from "@hearth/contracts";
import type { AuditEntryRow } from "./repository";

export function presentAuditEntry(row: AuditEntryRow): AuditEntry {
  return {
    id: row.id,
    actor_user_id: row.actorUserId,
    actor_username: row.actorUsername,
    action: row.action,
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    before: row.before ?? null,
    after: row.after ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
