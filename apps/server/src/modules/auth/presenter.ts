import type { AuthResponse } from "@hearth/contracts";
import { presentGuestMe, presentMe } from "../users/presenter";
import type { Session } from "./service";

export function presentSession(session: Session): AuthResponse {
  const { subject } = session;
  return {
    access_token: session.accessToken,
    user: subject.kind === "member" ? presentMe(subject.user) : presentGuestMe(subject),
  };
}
