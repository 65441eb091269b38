import { type Me, type Permission, ROLE_PERMISSIONS } from "@hearth/contracts";
import type { SessionStatus } from "../../../lib/session";

export type SessionState = { status: SessionStatus; user: Me | null };

export type SessionAction =
  | { type: "authenticated"; user: Me }
  | { type: "user_updated"; user: Me }
  | { type: "signed_out" }
  | { type: "invalid" };

export const initialSessionState: SessionState = { status: "loading", user: null };

function statusOf(user: Me): SessionStatus {
  return user.is_guest || user.role === "guest" ? "guest" : "member";
}

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case "authenticated":
      return { status: statusOf(action.user), user: action.user };
    case "user_updated":
      // A late answer for a session that has since ended must not bring it back.
      if (state.status !== "guest" && state.status !== "member") return state;
      return { status: statusOf(action.user), user: action.user };
    case "signed_out":
      return { status: "anonymous", user: null };
    case "invalid":
      return { status: "invalid", user: null };
  }
}

const NO_PERMISSIONS: readonly Permission[] = [];

/** Permissions used by guards: the user's own; the guest set for anonymous visitors; none otherwise. */
export function permissionsOf(state: SessionState): readonly Permission[] {
  switch (state.status) {
    case "guest":
    case "member":
      return state.user?.permissions ?? NO_PERMISSIONS;
    case "anonymous":
      return ROLE_PERMISSIONS.guest;
    default:
      return NO_PERMISSIONS;
  }
}
