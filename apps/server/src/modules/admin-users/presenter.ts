import type { AdminUser } from "@hearth/contracts";
import { effectiveRestriction, restrictionEndOf } from "../../kernel/access-policy";
import type { AdminUserRow } from "./repository";

/** A member as admins see them: the restriction in force now (an ended temporary one is none). */
export function presentAdminUser(row: AdminUserRow, now: Date): AdminUser {
  const endsAt = restrictionEndOf(row, now);
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    role: row.role,
    restriction: effectiveRestriction(row, now),
    restriction_ends_at: endsAt ? endsAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    character_count: row.characterCount,
    report_count: row.reportCount,
  };
}
