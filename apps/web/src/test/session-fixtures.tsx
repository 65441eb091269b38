import type { Me, Permission } from "@hearth/contracts";
import { ROLE_PERMISSIONS } from "@hearth/contracts";
import type { ReactNode } from "react";
import { SessionContext, type SessionValue } from "../lib/session";

export function makeUser(overrides: Partial<Me> = {}): Me {
  return {
    id: "u1",
    is_guest: false,
    email: "ada@example.com",
    username: "ada",
    name: "Ada",
    avatar_url: null,
    highlights: null,
    openai_mode: "disabled",
    has_openai_api_key: false,
    openai_api_key_hint: null,
    role: "free",
    permissions: [...ROLE_PERMISSIONS.free],
    status: "active",
    subscription_platform: null,
    external_id: null,
    has_password: true,
    show_nsfw: false,
    blur_nsfw_avatars: true,
    onboarding_step: "done",
    needs_email_update: false,
    default_persona_id: null,
    created_at: "2024-01-01T00:00:00.000Z",
    ...overrides,
  };
}

export function makeSession(overrides: Partial<SessionValue> = {}): SessionValue {
  const reject = () => Promise.reject(new Error("not mocked"));
  return {
    status: "anonymous",
    user: null,
    permissions: ROLE_PERMISSIONS.guest,
    signIn: reject,
    signUp: reject,
    continueAsGuest: reject,
    signOut: () => Promise.resolve(),
    adoptSession: (auth) => auth.user,
    reloadUser: () => Promise.resolve(null),
    ...overrides,
  };
}

export function memberWith(permissions: Permission[]): SessionValue {
  const user = makeUser({ permissions });
  return makeSession({ status: "member", user, permissions });
}

export function SessionStub({ value, children }: { value: SessionValue; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
