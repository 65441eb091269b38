import type { AdminReview, AdminUserDetail, AuditEntry, ReviewCharacter } from "@hearth/contracts";

export const CHARACTER_ID = "0b6a4d5e-1111-4a4a-8a8a-000000000001";
export const REVIEW_ID = "5d1f3c1e-2222-4b4b-8b8b-000000000001";
export const USER_ID = "7e2a9c3d-3333-4c4c-8c8c-000000000001";

export function makeReviewCharacter(overrides: Partial<ReviewCharacter> = {}): ReviewCharacter {
  return {
    id: CHARACTER_ID,
    name: "Aria Nightshade",
    title: "A wandering bard",
    avatar_url: null,
    creator_user_id: USER_ID,
    creator_username: "moonwriter",
    visibility: "public",
    is_nsfw: false,
    is_underage: true,
    is_deleted: false,
    moderation_status: null,
    tags: ["Fantasy"],
    greeting: "Hello, traveller.",
    persona: "Kind",
    scenario: "A tavern",
    ...overrides,
  };
}

export function makeReview(overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    id: REVIEW_ID,
    character_id: CHARACTER_ID,
    source: "character_report",
    issue: "Categorization",
    resolution: "modified",
    details: "Should be marked NSFW",
    createdAt: "2026-01-01T10:00:00.000Z",
    status: "open",
    action_taken: "none",
    overdue: true,
    report_count: 2,
    reports: [
      {
        id: "6e6e6e6e-5555-4e4e-8e8e-000000000001",
        reporter_user_id: "r1",
        reporter_username: "firstreporter",
        issue: "Categorization",
        resolution: "modified",
        details: "Should be marked NSFW",
        createdAt: "2026-01-01T10:00:00.000Z",
      },
      {
        id: "6e6e6e6e-5555-4e4e-8e8e-000000000002",
        reporter_user_id: "r2",
        reporter_username: "laterreporter",
        issue: "Guidelines",
        resolution: "deleted",
        details: "It breaks the rules later on",
        createdAt: "2026-01-03T10:00:00.000Z",
      },
    ],
    character: makeReviewCharacter(),
    messages: [],
    ...overrides,
  };
}

export function makeUserDetail(overrides: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    id: USER_ID,
    username: "moonwriter",
    name: "Moon",
    email: "moon@example.com",
    role: "free",
    restriction: null,
    restriction_ends_at: null,
    created_at: "2025-12-01T00:00:00.000Z",
    character_count: 1,
    report_count: 0,
    characters: [makeReviewCharacter()],
    reviews: [makeReview()],
    ...overrides,
  };
}

export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: "9a9a9a9a-4444-4d4d-8d8d-000000000001",
    actor_user_id: "a1",
    actor_username: "root",
    action: "character.set_nsfw",
    subject_type: "character",
    subject_id: CHARACTER_ID,
    before: { is_nsfw: false, name: "Aria" },
    after: { is_nsfw: true, name: "Aria" },
    created_at: "2026-01-02T10:00:00.000Z",
    ...overrides,
  };
}
