import { randomUUID } from "node:crypto";
import type {
  AdminReview,
  AdminReviewList,
  AuditList,
  Character,
  CreatorPage,
  ModerationReport,
  ReviewCharacter,
} from "@hearth/contracts";
import {
  adminReviewListSchema,
  adminReviewSchema,
  ERROR_MESSAGES,
  REPORT_RATE_LIMIT,
  REPORT_TEXTS,
  reviewCharacterSchema,
  UNDER_REVIEW_MESSAGE,
} from "@hearth/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { characterReports, conversations, messages, reviews } from "../src/db/schema";
import { createCharacter, insertCharacter, setUsername, updateUser } from "./characters-fixtures";
import { call, type TestServer } from "./harness";
import { generate, startChatServer } from "./support/chat";
import type { FakeOpenAi } from "./support/fake-openai";
import {
  expectError,
  expectInvalid,
  guestToken,
  type SignedUp,
  signUp,
  uniqueUsername,
} from "./support/members";

/**
 * Trust and safety through the HTTP server: members' character reports (counted once per member, rate
 * limited), message reports in the same queue, the admins' review table and their actions on characters
 * (each visible at once in browse, the profile, the creator page, recommendations and chat, with its
 * audit entry), the fix-required flow and the automatic check's holds.
 */

type Page = { data: Character[] };
/** What a character's creator reads besides the public fields: its moderation (chat spec 3). */
type CreatorView = Character & { moderationReport?: ModerationReport | null; reportsType?: string[] };

let fake: FakeOpenAi;
let server: TestServer;
let admin: SignedUp;
let creator: SignedUp;
let creatorName: string;
let reporter: SignedUp;
let second: SignedUp;
let adultViewer: SignedUp;

beforeAll(async () => {
  ({ fake, server } = await startChatServer({ SEED_DEMO: "false" }));
  [admin, creator, reporter, second, adultViewer] = await Promise.all([
    signUp(server),
    signUp(server),
    signUp(server),
    signUp(server),
    signUp(server),
  ]);
  await updateUser(server, admin.user.id, { role: "admin", username: uniqueUsername("admin") });
  creatorName = uniqueUsername("maker");
  await setUsername(server, creator.user.id, creatorName);
  await updateUser(server, adultViewer.user.id, { showNsfw: true });
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const report = (token: string, body: Record<string, unknown>) =>
  call<{ id: string }>(server, "/api/reportCharacter", { token, body });

const validReport = (characterId: string, overrides: Record<string, unknown> = {}) => ({
  character_id: characterId,
  userIssueType: "Guidelines",
  userReportDetails: "It breaks the rules.",
  userExpectedResolution: "private",
  ...overrides,
});

async function reviewList(status: "open" | "closed" | "all" = "all", extra = ""): Promise<AdminReviewList> {
  const response = await call<AdminReviewList>(
    server,
    `/api/admin/reviews?status=${status}&limit=100${extra}`,
    { token: admin.token },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return adminReviewListSchema.parse(response.body);
}

async function reviewsOf(characterId: string): Promise<AdminReview[]> {
  return (await reviewList("all")).data.filter((review) => review.character_id === characterId);
}

async function auditOf(subjectId: string): Promise<AuditList["data"]> {
  const response = await call<AuditList>(server, "/api/admin/audit?limit=100", { token: admin.token });
  expect(response.status).toBe(200);
  return response.body.data.filter((entry) => entry.subject_id === subjectId);
}

const adminPut = (path: string, body: Record<string, unknown>) =>
  call<ReviewCharacter>(server, path, { method: "PUT", token: admin.token, body });

const browseIds = async (token?: string, search?: string) => {
  const query = search ? `?limit=100&search=${encodeURIComponent(search)}` : "?limit=100";
  const response = await call<Page>(server, `/api/characters${query}`, token ? { token } : {});
  expect(response.status).toBe(200);
  return response.body.data.map((character) => character.id);
};

const recommendedIds = async (token?: string) => {
  const response = await call<Page>(server, "/api/characters/recommended", token ? { token } : {});
  expect(response.status).toBe(200);
  return response.body.data.map((character) => character.id);
};

const creatorPageIds = async (token?: string) => {
  const response = await call<CreatorPage>(server, `/api/creators/${creatorName}`, token ? { token } : {});
  expect(response.status).toBe(200);
  return response.body.characters.map((character) => character.id);
};

const profileStatus = async (id: string, token?: string) =>
  (await call(server, `/api/characters/${id}`, token ? { token } : {})).status;

/** Whether `token` may start a chat with the character (the generation's access check). */
async function chatStatus(id: string, token: string): Promise<number> {
  const result = await generate(server, token, { character_id: id, message: "Hi" });
  return result.status;
}

/**
 * Everywhere a public character shows for other people. Recommendations are checked for removals only:
 * their ranking is cached for a while, and its ids are filtered by the current rows on every read, so a
 * removal shows at once while a newly listed character joins the ranking when it is computed again.
 */
async function expectListedEverywhere(id: string, listed: boolean) {
  const expectation = listed ? expect.arrayContaining([id]) : expect.not.arrayContaining([id]);
  expect(await browseIds(second.token)).toEqual(expectation);
  expect(await browseIds()).toEqual(expectation);
  expect(await creatorPageIds(second.token)).toEqual(expectation);
  if (!listed) expect(await recommendedIds(second.token)).toEqual(expectation);
}

/** A member of their own for one report: each member may file REPORT_RATE_LIMIT.max an hour. */
const freshReporter = async () => (await signUp(server)).token;

describe("character reports", () => {
  it("opens one review per character and counts each member once; the character gets reportsType 'User'", async () => {
    const character = await createCharacter(server, creator.token, { name: "Reported once" });
    const first = await report(reporter.token, validReport(character.id));
    expect(first.status).toBe(201);
    const repeat = await report(reporter.token, validReport(character.id, { userIssueType: "Invalid" }));
    expect(repeat.status).toBe(200);
    expect(repeat.body.id).toBe(first.body.id);
    const other = await report(
      second.token,
      validReport(character.id, { userExpectedResolution: "deleted" }),
    );
    expect(other.status).toBe(201);
    expect(other.body.id).toBe(first.body.id);

    const rows = await server.database.db
      .select()
      .from(characterReports)
      .where(eq(characterReports.reviewId, first.body.id));
    expect(rows).toHaveLength(2);
    const [review] = await reviewsOf(character.id);
    expect(review).toMatchObject({
      id: first.body.id,
      source: "character_report",
      issue: "Guidelines",
      resolution: "private",
      details: "It breaks the rules.",
      status: "open",
      action_taken: "none",
      overdue: false,
      report_count: 2,
      messages: [],
      character: { id: character.id, persona: "A kind bard.", creator_username: creatorName },
    });
    expect((await reviewsOf(character.id)).length).toBe(1);

    const asCreator = await call<CreatorView>(server, `/api/characters/${character.id}`, {
      token: creator.token,
    });
    expect(asCreator.body.reportsType).toEqual(["User"]);
    const asOther = await call<Character>(server, `/api/characters/${character.id}`, { token: second.token });
    expect(asOther.body).not.toHaveProperty("reportsType");
  });

  it("lists every member's report beside the review: reporter, issue, resolution, details, date", async () => {
    const character = await createCharacter(server, creator.token, { name: "Reported by many" });
    const [one, two] = await Promise.all([signUp(server), signUp(server)]);
    const [oneName, twoName] = [uniqueUsername("first"), uniqueUsername("later")];
    await setUsername(server, one.user.id, oneName);
    await setUsername(server, two.user.id, twoName);
    const first = await report(one.token, validReport(character.id));
    expect(first.status).toBe(201);
    const later = await report(
      two.token,
      validReport(character.id, {
        userIssueType: "Categorization",
        userExpectedResolution: "modified",
        userReportDetails: "It should be tagged NSFW.",
      }),
    );
    expect(later.body.id).toBe(first.body.id);

    const [review] = await reviewsOf(character.id);
    expect(adminReviewSchema.parse(review)).toMatchObject({
      issue: "Guidelines",
      report_count: 2,
      reports: [
        {
          reporter_user_id: one.user.id,
          reporter_username: oneName,
          issue: "Guidelines",
          resolution: "private",
          details: "It breaks the rules.",
        },
        {
          reporter_user_id: two.user.id,
          reporter_username: twoName,
          issue: "Categorization",
          resolution: "modified",
          details: "It should be tagged NSFW.",
        },
      ],
    });
    for (const entry of review?.reports ?? []) expect(Number.isNaN(Date.parse(entry.createdAt))).toBe(false);
    // The member's page shows the same reviews with their reports.
    const member = await call<{ reviews: AdminReview[] }>(server, `/api/admin/users/${creator.user.id}`, {
      token: admin.token,
    });
    expect(member.body.reviews.find((entry) => entry.id === first.body.id)?.reports).toHaveLength(2);
  });

  it("counts two identical reports sent at once as one", async () => {
    const character = await createCharacter(server, creator.token, { name: "Reported twice at once" });
    const member = await signUp(server);
    const [a, b] = await Promise.all([
      report(member.token, validReport(character.id)),
      report(member.token, validReport(character.id)),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    const rows = await server.database.db
      .select()
      .from(characterReports)
      .where(eq(characterReports.characterId, character.id));
    expect(rows).toHaveLength(1);
    const open = await server.database.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.characterId, character.id), eq(reviews.status, "open")));
    expect(open).toHaveLength(1);
  });

  it("answers the spec's validation messages with 400", async () => {
    const character = await createCharacter(server, creator.token, { name: "Validated" });
    const { character_id: _omit, ...withoutId } = validReport(character.id);
    expectInvalid(await report(reporter.token, withoutId), "character_id", REPORT_TEXTS.idRequired);
    expectInvalid(await report(reporter.token, validReport("   ")), "character_id", REPORT_TEXTS.idRequired);
    expectInvalid(
      await report(reporter.token, validReport("x".repeat(51))),
      "character_id",
      "The id should be at most 50 characters",
    );
    const { userReportDetails: _details, ...withoutDetails } = validReport(character.id);
    expectInvalid(
      await report(reporter.token, withoutDetails),
      "userReportDetails",
      REPORT_TEXTS.detailsRequired,
    );
    expectInvalid(
      await report(reporter.token, validReport(character.id, { userReportDetails: "  " })),
      "userReportDetails",
      REPORT_TEXTS.detailsRequired,
    );
    expectInvalid(
      await report(reporter.token, validReport(character.id, { userReportDetails: "x".repeat(251) })),
      "userReportDetails",
      "Details should be at most 250 characters",
    );
    const badType = await report(reporter.token, validReport(character.id, { userIssueType: "Spam" }));
    expect(expectError(badType, 400, "validation_error").fields).toHaveProperty("userIssueType");
    const badResolution = await report(
      reporter.token,
      validReport(character.id, { userExpectedResolution: "banned" }),
    );
    expect(expectError(badResolution, 400, "validation_error").fields).toHaveProperty(
      "userExpectedResolution",
    );
    expect(await reviewsOf(character.id)).toEqual([]);
  });

  it("answers 404 for characters that are unknown, deleted or not visible to the member; one's own may be reported", async () => {
    const message = "This character does not exist or was deleted.";
    const deleted = await insertCharacter(server, { creatorUserId: creator.user.id, isDeleted: true });
    const hidden = await insertCharacter(server, { creatorUserId: creator.user.id, visibility: "private" });
    for (const id of [randomUUID(), "not-a-character-id", deleted.id, hidden.id]) {
      const response = await report(reporter.token, validReport(id));
      expect(expectError(response, 404, "not_found").message).toBe(message);
    }
    expect((await report(creator.token, validReport(hidden.id))).status).toBe(201);
  });

  it("needs a member with report_character", async () => {
    const character = await createCharacter(server, creator.token, { name: "Guest report" });
    expectError(await report(await guestToken(server), validReport(character.id)), 403, "forbidden");
    expectError(
      await call(server, "/api/reportCharacter", { body: validReport(character.id) }),
      401,
      "unauthenticated",
    );
  });

  it(`rate limits each member to ${REPORT_RATE_LIMIT.max} reports per window`, async () => {
    const character = await createCharacter(server, creator.token, { name: "Rate limited" });
    const member = await signUp(server);
    for (let i = 0; i < REPORT_RATE_LIMIT.max; i++) {
      expect((await report(member.token, validReport(character.id))).status).toBeLessThan(300);
    }
    expectError(await report(member.token, validReport(character.id)), 429, "rate_limited");
    // Per member, not per address: another member from the same address is not limited.
    expect((await report(second.token, validReport(character.id))).status).toBe(201);
  });
});

describe("message reports", () => {
  it("land in the review queue with the message and the messages around it", async () => {
    const character = await createCharacter(server, creator.token, { name: "Chatty" });
    const [conversation] = await server.database.db
      .insert(conversations)
      .values({ userId: reporter.user.id, characterId: character.id })
      .returning();
    if (!conversation) throw new Error("no conversation");
    const start = Date.now() - 60_000;
    const rows = await server.database.db
      .insert(messages)
      .values(
        Array.from({ length: 9 }, (_, i) => ({
          conversationId: conversation.id,
          role: i % 2 === 0 ? ("bot" as const) : ("user" as const),
          content: `Message ${i}`,
          createdAt: new Date(start + i * 1000),
        })),
      )
      .returning();
    const reported = rows.find((row) => row.content === "Message 4");
    if (!reported) throw new Error("no message");
    const body = {
      conversation_id: conversation.id,
      character_id: character.id,
      label: "Harmful",
      comment: "Not okay.",
    };
    const first = await call<{ id: string }>(server, `/api/messages/${reported.id}/report`, {
      token: reporter.token,
      body,
    });
    expect(first.status).toBe(201);
    // Edited afterwards: the admin still reads what was reported.
    await server.database.db.update(messages).set({ content: "Edited" }).where(eq(messages.id, reported.id));
    const again = await call<{ id: string }>(server, `/api/messages/${reported.id}/report`, {
      token: reporter.token,
      body,
    });
    expect(again.body.id).toBe(first.body.id);

    const list = await reviewsOf(character.id);
    expect(list).toHaveLength(1);
    const [review] = list;
    expect(review).toMatchObject({
      source: "message_report",
      issue: "Harmful",
      details: "Not okay.",
      resolution: null,
      report_count: 1,
      status: "open",
    });
    expect(review?.messages.map((message) => [message.content, message.reported])).toEqual([
      ["Message 1", false],
      ["Message 2", false],
      ["Message 3", false],
      ["Message 4", true],
      ["Message 5", false],
      ["Message 6", false],
      ["Message 7", false],
    ]);
    expect(review?.messages.find((message) => message.reported)?.role).toBe("bot");
  });
});

describe("message reports are rate limited", () => {
  it(`each member to ${REPORT_RATE_LIMIT.max} per window, like character reports`, async () => {
    const character = await createCharacter(server, creator.token, { name: "Chatty and limited" });
    const [member, other] = await Promise.all([signUp(server), signUp(server)]);
    async function botMessageOf(userId: string) {
      const [conversation] = await server.database.db
        .insert(conversations)
        .values({ userId, characterId: character.id })
        .returning();
      if (!conversation) throw new Error("no conversation");
      const [message] = await server.database.db
        .insert(messages)
        .values({
          conversationId: conversation.id,
          role: "bot",
          content: "Reported text",
          createdAt: new Date(),
        })
        .returning();
      if (!message) throw new Error("no message");
      return { conversation_id: conversation.id, message_id: message.id };
    }
    const reportMessage = (token: string, target: { conversation_id: string; message_id: string }) =>
      call(server, `/api/messages/${target.message_id}/report`, {
        token,
        body: {
          conversation_id: target.conversation_id,
          character_id: character.id,
          label: "Harmful",
          comment: "Not okay.",
        },
      });
    const mine = await botMessageOf(member.user.id);
    for (let i = 0; i < REPORT_RATE_LIMIT.max; i++) {
      expect((await reportMessage(member.token, mine)).status).toBe(201);
    }
    expectError(await reportMessage(member.token, mine), 429, "rate_limited");
    // Per member, not per address; and character reports keep their own count.
    expect((await reportMessage(other.token, await botMessageOf(other.user.id))).status).toBe(201);
    expect((await report(member.token, validReport(character.id))).status).toBe(201);
  });
});

describe("the review table", () => {
  it("lists open reviews oldest first with open and overdue counts, pages by last_id and filters by status", async () => {
    const old = await insertCharacter(server, { creatorUserId: creator.user.id, name: "Old report" });
    const [overdue] = await server.database.db
      .insert(reviews)
      .values({
        characterId: old.id,
        source: "character_report",
        issue: "Categorization",
        details: "Long ago",
        createdAt: new Date(Date.now() - 8 * 86_400_000),
      })
      .returning();
    const open = await reviewList("open");
    expect(open.data[0]?.id).toBe(overdue?.id);
    expect(open.data[0]?.overdue).toBe(true);
    expect(open.overdue_count).toBeGreaterThanOrEqual(1);
    expect(open.open_count).toBe(open.data.length);
    const created = open.data.map((review) => Date.parse(review.createdAt));
    expect(created).toEqual([...created].sort((a, b) => a - b));
    expect(open.data.every((review) => review.status === "open")).toBe(true);

    const firstPage = await call<AdminReviewList>(server, "/api/admin/reviews?status=open&limit=2", {
      token: admin.token,
    });
    const secondPage = await reviewList("open", `&last_id=${firstPage.body.data[1]?.id}`);
    expect(secondPage.data.map((review) => review.id)).toEqual(open.data.slice(2).map((review) => review.id));
    expectError(
      await call(server, `/api/admin/reviews?last_id=${randomUUID()}`, { token: admin.token }),
      400,
      "validation_error",
    );

    const close = await call<AdminReview>(server, `/api/admin/reviews/${overdue?.id}`, {
      method: "PUT",
      token: admin.token,
      body: { status: "closed", action_taken: "none" },
    });
    expect(close.status).toBe(200);
    expect(adminReviewSchema.parse(close.body)).toMatchObject({
      status: "closed",
      action_taken: "none",
      overdue: false,
    });
    const closed = await reviewList("closed");
    expect(closed.data.map((review) => review.id)).toContain(overdue?.id);
    expect(closed.data.every((review) => review.status === "closed")).toBe(true);
    expect((await reviewList("open")).open_count).toBe(open.open_count - 1);

    const twice = await call(server, `/api/admin/reviews/${overdue?.id}`, {
      method: "PUT",
      token: admin.token,
      body: { status: "closed", action_taken: "none" },
    });
    expect(expectError(twice, 409, "review_closed").message).toBe(ERROR_MESSAGES.review_closed);
    const audit = await auditOf(overdue?.id ?? "");
    expect(audit).toMatchObject([
      {
        action: "review.close",
        subject_type: "review",
        actor_user_id: admin.user.id,
        before: { status: "open", action_taken: "none" },
        after: { status: "closed", action_taken: "none", character_id: old.id },
      },
    ]);
    expect(audit[0]?.actor_username).toBeTruthy();
    expectError(
      await call(server, `/api/admin/reviews/${randomUUID()}`, {
        method: "PUT",
        token: admin.token,
        body: { status: "closed" },
      }),
      404,
      "not_found",
    );
  });

  it("is for admins only: every admin route answers 403 to members", async () => {
    const id = randomUUID();
    const routes: [string, string, unknown][] = [
      ["GET", "/api/admin/reviews", undefined],
      ["PUT", `/api/admin/reviews/${id}`, { status: "closed" }],
      ["PUT", `/api/admin/characters/${id}`, { is_nsfw: true }],
      ["DELETE", `/api/admin/characters/${id}`, undefined],
      ["GET", "/api/admin/users?q=a", undefined],
      ["GET", `/api/admin/users/${id}`, undefined],
      ["PUT", `/api/admin/users/${id}/restriction`, { restriction: null }],
      ["GET", "/api/admin/audit", undefined],
    ];
    for (const [method, path, body] of routes) {
      expectError(await call(server, path, { method, token: reporter.token, body }), 403, "forbidden");
      expectError(await call(server, path, { method, body }), 401, "unauthenticated");
    }
  });
});

describe("admin actions on characters", () => {
  async function reportedCharacter(name: string) {
    const character = await createCharacter(server, creator.token, { name });
    const filed = await report(await freshReporter(), validReport(character.id));
    expect(filed.status).toBe(201);
    return { character, reviewId: filed.body.id };
  }

  async function reviewById(id: string) {
    return (await reviewList("all")).data.find((review) => review.id === id);
  }

  it("make private: gone from every read path for others at once, chats refused, the review closed, audited", async () => {
    const { character, reviewId } = await reportedCharacter("To be private");
    await expectListedEverywhere(character.id, true);
    expect(await chatStatus(character.id, second.token)).toBe(200);

    const response = await adminPut(`/api/admin/characters/${character.id}`, {
      visibility: "private",
      review_id: reviewId,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(reviewCharacterSchema.parse(response.body)).toMatchObject({
      id: character.id,
      visibility: "permanently_private",
    });
    await expectListedEverywhere(character.id, false);
    expect(await profileStatus(character.id, second.token)).toBe(404);
    expect(await profileStatus(character.id, creator.token)).toBe(200);
    const chat = await generate(server, second.token, { character_id: character.id, message: "Hi" });
    expect(chat.status).toBe(403);
    expect(chat.body).toMatchObject({ error: { code: "invalidAccess" } });
    // Moderation's private: the creator cannot make it public again.
    const reopen = await call(server, `/api/characters/${character.id}`, {
      method: "PATCH",
      token: creator.token,
      body: { visibility: "public" },
    });
    expectError(reopen, 403, "forbidden");

    expect(await reviewById(reviewId)).toMatchObject({ status: "closed", action_taken: "made_private" });
    const audit = await auditOf(character.id);
    expect(audit).toMatchObject([
      {
        action: "character.make_private",
        subject_type: "character",
        actor_user_id: admin.user.id,
        before: { visibility: "public" },
        after: { visibility: "permanently_private", review_id: reviewId },
      },
    ]);
    expect(await auditOf(reviewId)).toMatchObject([
      { action: "review.close", after: { action_taken: "made_private" } },
    ]);
  });

  it("mark NSFW: hidden from viewers without adult content, shown to those with it", async () => {
    const { character, reviewId } = await reportedCharacter("To be NSFW");
    const response = await adminPut(`/api/admin/characters/${character.id}`, {
      is_nsfw: true,
      review_id: reviewId,
    });
    expect(response.status).toBe(200);
    expect(response.body.is_nsfw).toBe(true);
    expect(await browseIds(second.token)).not.toContain(character.id);
    expect(await browseIds()).not.toContain(character.id);
    expect(await recommendedIds(second.token)).not.toContain(character.id);
    expect(await browseIds(adultViewer.token)).toContain(character.id);
    expect(await reviewById(reviewId)).toMatchObject({ status: "closed", action_taken: "set_nsfw" });
    expect(await auditOf(character.id)).toMatchObject([
      { action: "character.set_nsfw", before: { is_nsfw: false }, after: { is_nsfw: true } },
    ]);
    expect(await auditOf(reviewId)).toMatchObject([
      {
        action: "review.close",
        subject_type: "review",
        actor_user_id: admin.user.id,
        before: { status: "open" },
        after: { status: "closed", action_taken: "set_nsfw", character_id: character.id },
      },
    ]);
  });

  it("mark not underage: a character flagged underage is listed again", async () => {
    const flagged = await insertCharacter(server, {
      creatorUserId: creator.user.id,
      name: "Flagged underage",
      isUnderage: true,
    });
    const filed = await report(creator.token, validReport(flagged.id));
    expect(filed.status).toBe(201);
    await expectListedEverywhere(flagged.id, false);
    expect(await profileStatus(flagged.id, second.token)).toBe(404);
    const response = await adminPut(`/api/admin/characters/${flagged.id}`, {
      is_underage: false,
      review_id: filed.body.id,
    });
    expect(response.status).toBe(200);
    expect(response.body.is_underage).toBe(false);
    await expectListedEverywhere(flagged.id, true);
    expect(await profileStatus(flagged.id, second.token)).toBe(200);
    expect(await reviewById(filed.body.id)).toMatchObject({ action_taken: "reset_underage" });
    expect(await auditOf(flagged.id)).toMatchObject([
      { action: "character.reset_underage", before: { is_underage: true }, after: { is_underage: false } },
    ]);
  });

  it("delete: gone for everyone, its creator included, the review closed as deleted", async () => {
    const { character, reviewId } = await reportedCharacter("To be deleted");
    const response = await call(server, `/api/admin/characters/${character.id}?review_id=${reviewId}`, {
      method: "DELETE",
      token: admin.token,
    });
    expect(response.status).toBe(204);
    await expectListedEverywhere(character.id, false);
    expect(await profileStatus(character.id, second.token)).toBe(404);
    expect(await profileStatus(character.id, creator.token)).toBe(404);
    const mine = await call<Page>(server, "/api/users/characters", { token: creator.token });
    expect(mine.body.data.map((row) => row.id)).not.toContain(character.id);
    expect(await reviewById(reviewId)).toMatchObject({
      status: "closed",
      action_taken: "deleted",
      character: { is_deleted: true },
    });
    expect(await auditOf(character.id)).toMatchObject([
      { action: "character.delete", before: { is_deleted: false }, after: { is_deleted: true } },
    ]);
    expect(await auditOf(reviewId)).toMatchObject([
      {
        action: "review.close",
        subject_type: "review",
        actor_user_id: admin.user.id,
        before: { status: "open" },
        after: { status: "closed", action_taken: "deleted", character_id: character.id },
      },
    ]);
    // Acting on a deleted character: 404.
    expectError(await adminPut(`/api/admin/characters/${character.id}`, { is_nsfw: true }), 404, "not_found");
  });

  it("closing a review with an action takes it: PUT /api/admin/reviews/{id} with set_nsfw", async () => {
    const { character, reviewId } = await reportedCharacter("Closed as NSFW");
    const response = await call<AdminReview>(server, `/api/admin/reviews/${reviewId}`, {
      method: "PUT",
      token: admin.token,
      body: { status: "closed", action_taken: "set_nsfw" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ action_taken: "set_nsfw", character: { is_nsfw: true } });
    expect(await browseIds()).not.toContain(character.id);
    const fix = await call(server, `/api/admin/reviews/${reviewId}`, {
      method: "PUT",
      token: admin.token,
      body: { status: "closed", action_taken: "fix_required" },
    });
    expectError(fix, 400, "validation_error");

    // The creator cannot take the mark back; other edits still go through.
    const undo = await call(server, `/api/characters/${character.id}`, {
      method: "PATCH",
      token: creator.token,
      body: { is_nsfw: false },
    });
    expectError(undo, 403, "forbidden");
    const retitled = await call<{ is_nsfw: boolean }>(server, `/api/characters/${character.id}`, {
      method: "PATCH",
      token: creator.token,
      body: { title: "Still NSFW", is_nsfw: true },
    });
    expect(retitled.status).toBe(200);
    expect(retitled.body.is_nsfw).toBe(true);
  });

  it("refuses a review of another character (400) or a closed one (409), changing nothing", async () => {
    const { character, reviewId } = await reportedCharacter("Mismatched");
    const { character: otherCharacter } = await reportedCharacter("Other one");
    const mismatch = await adminPut(`/api/admin/characters/${otherCharacter.id}`, {
      is_nsfw: true,
      review_id: reviewId,
    });
    expectError(mismatch, 400, "validation_error");
    const closeIt = await call(server, `/api/admin/reviews/${reviewId}`, {
      method: "PUT",
      token: admin.token,
      body: { status: "closed" },
    });
    expect(closeIt.status).toBe(200);
    const late = await adminPut(`/api/admin/characters/${character.id}`, {
      is_nsfw: true,
      review_id: reviewId,
    });
    expectError(late, 409, "review_closed");
    const unknownReview = await adminPut(`/api/admin/characters/${character.id}`, {
      is_nsfw: true,
      review_id: randomUUID(),
    });
    expectError(unknownReview, 404, "not_found");
    const rows = await call<Character>(server, `/api/characters/${character.id}`, { token: second.token });
    expect(rows.body.is_nsfw).toBe(false);
    const other = await call<Character>(server, `/api/characters/${otherCharacter.id}`, {
      token: second.token,
    });
    expect(other.body.is_nsfw).toBe(false);
    expectError(await adminPut(`/api/admin/characters/${randomUUID()}`, { is_nsfw: true }), 404, "not_found");
    expectError(
      await adminPut(`/api/admin/characters/${character.id}`, { is_nsfw: false }),
      400,
      "validation_error",
    );
  });
});

describe("moderation statuses", () => {
  const edit = (id: string, body: Record<string, unknown>) =>
    call<CreatorView>(server, `/api/characters/${id}`, { method: "PATCH", token: creator.token, body });

  it("fix required: the creator sees the reasons, fixes it, it goes back to review, and an admin clears it", async () => {
    const character = await createCharacter(server, creator.token, { name: "Needs a fix" });
    const filed = await report(await freshReporter(), validReport(character.id));
    const required = await adminPut(`/api/admin/characters/${character.id}`, {
      moderation_status: "fix_required",
      reason_for_moderation: ["Underage appearance", "Missing NSFW tag"],
      action_taken_description: "Make the character clearly adult.",
      review_id: filed.body.id,
    });
    expect(required.status, JSON.stringify(required.body)).toBe(200);
    expect(required.body.moderation_status).toBe("fix_required");

    const asCreator = await call<CreatorView>(server, `/api/characters/${character.id}`, {
      token: creator.token,
    });
    expect(asCreator.body.moderationReport).toEqual({
      moderation_status: "fix_required",
      reason_for_moderation: ["Underage appearance", "Missing NSFW tag"],
      action_taken_description: "Make the character clearly adult.",
    });
    // Reported by members: the card says 'Reported' (reportsType has 'User').
    expect(asCreator.body.reportsType).toEqual(["User"]);
    const mine = await call<Page>(server, "/api/users/characters", { token: creator.token });
    expect(mine.body.data[0]?.id).toBe(character.id);
    await expectListedEverywhere(character.id, false);
    expect(await profileStatus(character.id, second.token)).toBe(404);
    expect(await auditOf(character.id)).toMatchObject([
      {
        action: "character.require_fix",
        before: { moderation_status: null },
        after: {
          moderation_status: "fix_required",
          reason_for_moderation: ["Underage appearance", "Missing NSFW tag"],
        },
      },
    ]);

    const fixed = await edit(character.id, { persona: "A kind adult bard of thirty." });
    expect(fixed.status).toBe(200);
    expect(fixed.body.moderationReport?.moderation_status).toBe("rereview_required");
    const rereview = (await reviewsOf(character.id)).find((review) => review.status === "open");
    expect(rereview).toMatchObject({ source: "automatic", issue: "Fix submitted" });
    expect(rereview?.details).toContain("Underage appearance");
    expect(await profileStatus(character.id, second.token)).toBe(404);
    const blocked = await edit(character.id, { title: "Again" });
    expect(expectError(blocked, 409, "under_review").message).toBe(UNDER_REVIEW_MESSAGE);

    const approve = await call<AdminReview>(server, `/api/admin/reviews/${rereview?.id}`, {
      method: "PUT",
      token: admin.token,
      body: { status: "closed", action_taken: "none" },
    });
    expect(approve.status).toBe(200);
    expect(approve.body.character?.moderation_status).toBeNull();
    const cleared = await call<CreatorView>(server, `/api/characters/${character.id}`, {
      token: creator.token,
    });
    expect(cleared.body.moderationReport).toBeNull();
    await expectListedEverywhere(character.id, true);
    expect((await edit(character.id, { title: "Editable again" })).status).toBe(200);
    expect((await auditOf(character.id)).map((entry) => entry.action)).toEqual([
      "character.release",
      "character.require_fix",
    ]);
  });

  it("a character with underage terms becomes pending, invisible to others, until an admin closes its review", async () => {
    const created = await call<CreatorView>(server, "/api/characters", {
      token: creator.token,
      body: {
        name: "Mia",
        greeting: "Hello there.",
        persona: "She is 12 years old.",
        visibility: "public",
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.moderationReport?.moderation_status).toBe("pending");
    const id = created.body.id;
    await expectListedEverywhere(id, false);
    expect(await profileStatus(id, second.token)).toBe(404);
    expect(await profileStatus(id)).toBe(404);
    expect(await chatStatus(id, second.token)).toBe(403);
    expect(await profileStatus(id, creator.token)).toBe(200);
    expectError(await edit(id, { persona: "An adult." }), 409, "under_review");

    const [review] = await reviewsOf(id);
    expect(review).toMatchObject({ source: "automatic", status: "open", report_count: 0 });
    expect(review?.issue).toBe("Automatic check: underage");
    expect(review?.details).toContain("persona");
    expect(review?.details).toContain("12 years old");

    const close = await call<AdminReview>(server, `/api/admin/reviews/${review?.id}`, {
      method: "PUT",
      token: admin.token,
      body: { status: "closed", action_taken: "none" },
    });
    expect(close.status).toBe(200);
    await expectListedEverywhere(id, true);
    expect(await profileStatus(id, second.token)).toBe(200);
    expect(await auditOf(id)).toMatchObject([
      {
        action: "character.release",
        before: { moderation_status: "pending" },
        after: { moderation_status: null },
      },
    ]);
  });

  it("an edit the check flags holds the character too; a clean one does not", async () => {
    const character = await createCharacter(server, creator.token, { name: "Clean at first" });
    const clean = await edit(character.id, { scenario: "A tavern by the sea." });
    expect(clean.body.moderationReport ?? null).toBeNull();
    const flagged = await edit(character.id, { tags: ["loli"] });
    expect(flagged.status).toBe(200);
    expect(flagged.body.moderationReport?.moderation_status).toBe("pending");
    expect(await profileStatus(character.id, second.token)).toBe(404);
    const [review] = await reviewsOf(character.id);
    expect(review).toMatchObject({ source: "automatic", status: "open" });
    expect(review?.details).toContain("loli");
    // Reset underage on the automatic review: released as well.
    const reset = await adminPut(`/api/admin/characters/${character.id}`, {
      is_underage: false,
      review_id: review?.id,
    });
    expect(reset.body.moderation_status).toBeNull();
    expect(await profileStatus(character.id, second.token)).toBe(200);
  });
});

describe("an admin edits another member's character", () => {
  const patch = (id: string, token: string, body: Record<string, unknown>) =>
    call<CreatorView>(server, `/api/characters/${id}`, { method: "PATCH", token, body });

  it("saves at once with an audit entry (before and after); other members stay refused", async () => {
    const character = await createCharacter(server, creator.token, { name: "Admin-edited" });
    const opened = await call<CreatorView>(server, `/api/characters/${character.id}`, { token: admin.token });
    expect(opened.status).toBe(200);
    // The editor's view: the whole definition and the moderation state, as the creator reads it.
    expect(opened.body).toHaveProperty("persona");
    expect(opened.body).toHaveProperty("moderationReport", null);

    const edited = await patch(character.id, admin.token, {
      title: "Retitled by an admin",
      tags: ["Fantasy"],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ id: character.id, title: "Retitled by an admin" });
    const seen = await call<Character>(server, `/api/characters/${character.id}`, { token: second.token });
    expect(seen.body.title).toBe("Retitled by an admin");
    expect(await auditOf(character.id)).toMatchObject([
      {
        action: "character.edit",
        subject_type: "character",
        actor_user_id: admin.user.id,
        before: { title: character.title, tags: character.tags },
        after: { title: "Retitled by an admin", tags: ["fantasy"] },
      },
    ]);

    expectError(await patch(character.id, second.token, { title: "Not mine" }), 403, "forbidden");
    const after = await call<Character>(server, `/api/characters/${character.id}`, { token: second.token });
    expect(after.body.title).toBe("Retitled by an admin");
    // The creator's own edits are not audited.
    expect((await patch(character.id, creator.token, { title: "Mine again" })).status).toBe(200);
    expect((await auditOf(character.id)).map((entry) => entry.action)).toEqual(["character.edit"]);
  });

  it("edits a held character (its creator still refused while pending), keeping it held", async () => {
    const created = await call<CreatorView>(server, "/api/characters", {
      token: creator.token,
      body: {
        name: "Held for edit",
        greeting: "Hello.",
        persona: "She is 12 years old.",
        visibility: "private",
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expectError(await patch(id, creator.token, { persona: "An adult." }), 409, "under_review");
    expect(await profileStatus(id, second.token)).toBe(404);
    expect(await profileStatus(id, admin.token)).toBe(200);

    const fixed = await patch(id, admin.token, { persona: "A grown woman of thirty." });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.moderationReport?.moderation_status).toBe("pending");
    const asCreator = await call<CreatorView & { persona?: string }>(server, `/api/characters/${id}`, {
      token: creator.token,
    });
    expect(asCreator.body.persona).toBe("A grown woman of thirty.");
    expect(await auditOf(id)).toMatchObject([
      {
        action: "character.edit",
        before: { persona: "She is 12 years old." },
        after: { persona: "A grown woman of thirty." },
      },
    ]);
    // Deleted: nobody edits it, admins included.
    expect(
      (await call(server, `/api/admin/characters/${id}`, { method: "DELETE", token: admin.token })).status,
    ).toBe(204);
    expectError(await patch(id, admin.token, { title: "Too late" }), 404, "not_found");
  });
});
