import type { Restriction } from "@hearth/contracts";
import type { UserRow } from "../../db/schema";
import { definePolicy } from "../../policy";

type Admin = Pick<UserRow, "id" | "role">;
type Member = Pick<UserRow, "id" | "role">;

export type RestrictDecision = "allowed" | "self" | "admin";

/**
 * Whether `admin` may set `restriction` on `target`: never on their own account nor on another admin
 * (a role is changed first). Lifting one (null) is always allowed.
 */
export function decideRestrict(
  admin: Admin,
  target: Member,
  restriction: Restriction | null,
): RestrictDecision {
  if (restriction === null) return "allowed";
  if (target.id === admin.id) return "self";
  return target.role === "admin" ? "admin" : "allowed";
}

type AdminUserSubjects = {
  /** Find members and read their account, characters and the reviews about them: admins. */
  manage_users: null;
  restrict: { target: Member; restriction: Restriction | null };
};
export type AdminUserAction = keyof AdminUserSubjects;

const isAdmin = (actor: Admin) => actor.role === "admin";

export const can = definePolicy<Admin, AdminUserSubjects>({
  manage_users: (actor) => isAdmin(actor),
  restrict: (actor, { target, restriction }) =>
    isAdmin(actor) && decideRestrict(actor, target, restriction) === "allowed",
});
