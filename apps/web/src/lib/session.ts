import type { Me, Permission } from "@hearth/contracts";
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
  /** Re-reads `GET /api/me` (after a profile or plan change). */
  reloadUser: () => Promise<Me | null>;
};

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>");
  return value;
}
