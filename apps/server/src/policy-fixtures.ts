import type { UserRow } from "./db/schema";
import type { AuthContext } from "./kernel/auth-context";

/** A member row for the policies' unit tests (no database). */
export function memberRow(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    email: "member@example.com",
    username: "member",
    name: "Member",
    passwordHash: "hash",
    role: "free",
    restriction: null,
    restrictionEndsAt: null,
    avatarUrl: null,
    highlights: null,
    openaiMode: "disabled",
    openaiApiKeyEncrypted: null,
    openaiApiKeyHint: null,
    subscriptionPlatform: null,
    externalId: null,
    showNsfw: false,
    blurNsfwAvatars: true,
    disabledAt: null,
    sessionsRevokedAt: null,
    createdAt: new Date("2025-01-01T00:00:00Z"),
    updatedAt: new Date("2025-01-01T00:00:00Z"),
    ...overrides,
  };
}

export const memberAuth = (role: UserRow["role"], overrides: Partial<UserRow> = {}): AuthContext => ({
  kind: "member",
  user: memberRow({ role, ...overrides }),
});

export const GUEST_AUTH: AuthContext = {
  kind: "guest",
  guestId: "guest-1",
  createdAt: "2025-01-01T00:00:00Z",
};

/** A public, listed character of the member "creator", as the characters' policies read it. */
export const POLICY_CHARACTER = {
  creatorUserId: "creator",
  isDeleted: false,
  isUnderage: false,
  isNsfw: false,
  visibility: "public" as const,
  moderationStatus: null,
  definitionVisible: false,
  avatarIsNsfw: false,
  tags: [] as string[],
};
