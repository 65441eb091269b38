import type { AdminRestrictionUpdate, AdminUser, AdminUserDetail } from "@hearth/contracts";
import type { Database } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError, forbidden } from "../../http/errors";
import { recordAudit } from "../audit/index";
import { listCharactersForAdmin, listReviewsAboutCreator } from "../moderation/index";
import { findUserForUpdate, setUserRestriction } from "../users/index";
import { can, decideRestrict } from "./policy";
import { presentAdminUser } from "./presenter";
import { findAdminUser, searchUsers } from "./repository";

type Admin = Pick<UserRow, "id" | "role">;

/** Members one search lists. */
const SEARCH_MAX = 20;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const memberNotFound = () => new AppError(404, "not_found", "This member does not exist.");
const RESTRICT_REFUSALS = {
  self: "You cannot restrict your own account.",
  admin: "Admins cannot be restricted. Change their role first.",
} as const;

function assertAdmin(actor: Admin): void {
  if (!can(actor, "manage_users", null)) throw forbidden();
}

/** `GET /api/admin/users?q=`: by email or username, exact or prefix, case-insensitive. */
export async function searchMembers(
  db: Database,
  actor: Admin,
  q: string,
  now: Date = new Date(),
): Promise<{ data: AdminUser[] }> {
  assertAdmin(actor);
  const rows = await searchUsers(db, q.trim().toLowerCase(), SEARCH_MAX);
  return { data: rows.map((row) => presentAdminUser(row, now)) };
}

/** `GET /api/admin/users/{id}`: the member, their characters and the reviews about those characters. */
export async function getMember(
  db: Database,
  actor: Admin,
  id: string,
  now: Date = new Date(),
): Promise<AdminUserDetail> {
  assertAdmin(actor);
  const row = UUID_PATTERN.test(id) ? await findAdminUser(db, id) : null;
  if (!row) throw memberNotFound();
  const [characters, reviews] = await Promise.all([
    listCharactersForAdmin(db, id),
    listReviewsAboutCreator(db, id, now),
  ]);
  return { ...presentAdminUser(row, now), characters, reviews };
}

const restrictionSnapshot = (user: Pick<UserRow, "restriction" | "restrictionEndsAt">) => ({
  restriction: user.restriction,
  restriction_ends_at: user.restrictionEndsAt?.toISOString() ?? null,
});

/**
 * `PUT /api/admin/users/{id}/restriction`: sets limited_access, a temporary restriction until `ends_at`
 * or a complete restriction, or lifts it (null), with an audit entry. It applies from the member's next
 * request (the auth guard reads the row on every request); a temporary one stops applying at its end
 * (kernel effectiveRestriction). Never on the admin's own account nor on another admin (403).
 */
export async function setRestriction(
  db: Database,
  actor: Admin,
  id: string,
  body: AdminRestrictionUpdate,
  now: Date = new Date(),
): Promise<AdminUser> {
  assertAdmin(actor);
  const restriction = body.restriction;
  const endsAt = body.restriction === "temporary_restriction" ? new Date(body.ends_at) : null;
  await db.transaction(async (tx) => {
    const target = await findUserForUpdate(tx, id);
    if (!target) throw memberNotFound();
    const decision = decideRestrict(actor, target, restriction);
    if (decision !== "allowed") throw new AppError(403, "forbidden", RESTRICT_REFUSALS[decision]);
    const updated = await setUserRestriction(tx, id, restriction, endsAt);
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: restriction === null ? "user.lift_restriction" : "user.restrict",
      subjectType: "user",
      subjectId: id,
      before: restrictionSnapshot(target),
      after: restrictionSnapshot(updated),
    });
  });
  const row = await findAdminUser(db, id);
  if (!row) throw memberNotFound();
  return presentAdminUser(row, now);
}
