import type { AuthResponse, Me, Permission } from "@hearth/contracts";
import { createContext, useContext } from "react";

/**
 * The signed-in state shared app-wide. The provider lives in `features/auth`; any feature may read the
 * session through `useSession()` from here without importing the auth feature.
 */
export type SessionStatus = "loading" | "anonymous" | "guest" | "member" | "invalid";

export type SessionValue = {
  status: SessionStatus;
  user: Me | null;
  /** The user's permissions; anonymous visitors get the guest set; empty while loading or invalid. */
  permissions: readonly Permission[];
  signIn: (email: string, password: string) => Promise<Me>;
  signUp: (email: string, password: string) => Promise<Me>;
  continueAsGuest: () => Promise<Me>;
  signOut: () => Promise<void>;
  /**
   * Takes a fresh session the server answered for the signed-in member (after a password change ended
   * every other one): the new access token and profile; cached data stays, the member is the same.
   */
  adoptSession: (auth: AuthResponse) => Me;
  /** Re-reads `GET /api/me` (after a profile or plan change). */
  reloadUser: () => Promise<Me | null>;
};

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>");
  return value;
}

/**
 * Who is asking, for the keys of queries whose answers depend on it (the server leaves out blocked
 * creators' characters and NSFW ones unless the member allows them): anonymous, a guest, or a member with
 * their adult-content choice. Null while the session is being restored: such queries wait for it, or the
 * first answer would be the anonymous one, kept for the member. Signing in or out, or changing the choice,
 * changes the key, so the answer is fetched again. Without a session provider (previews, isolated
 * components) the visitor counts as anonymous.
 */
export type ViewerKey =
  | readonly ["anonymous"]
  | readonly ["guest", string]
  | readonly ["member", string, "nsfw" | "sfw"];

export function viewerKeyOf(session: Pick<SessionValue, "status" | "user"> | null): ViewerKey | null {
  if (!session) return ["anonymous"];
  const { status, user } = session;
  if (status === "loading") return null;
  if (status === "member" && user) return ["member", user.id, user.show_nsfw ? "nsfw" : "sfw"];
  if (status === "guest" && user) return ["guest", user.id];
  return ["anonymous"];
}

/** Whether a query key's viewer part names this viewer. */
export const sameViewer = (a: unknown, b: ViewerKey): boolean => JSON.stringify(a) === JSON.stringify(b);

export function useViewerKey(): ViewerKey | null {
  return viewerKeyOf(useContext(SessionContext));
}
