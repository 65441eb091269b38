import type { AuthResponse, Me } from "@hearth/contracts";
import type { Session } from "./service";

/** `user` is the session subject's `Me` (commands/me.ts `describeMe`). */
export function presentSession(session: Session, user: Me): AuthResponse {
  return { access_token: session.accessToken, user };
}
