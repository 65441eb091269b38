import {
  type Character,
  characterListSchema,
  characterSchema,
  definitionOf,
  type OwnCharacter,
  UNDER_REVIEW_MESSAGE,
} from "@hearth/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CHARACTERS } from "../src/commands/seed/demo-content";
import { createCharacter, insertCharacter, updateUser } from "./characters-fixtures";
import { call, startServer, type TestServer } from "./harness";
import { expectError, guestToken, type SignedUp, signUp } from "./support/members";

type Page = { data: Character[]; next_cursor: string | null };
const DEFINITION_KEYS = ["persona", "scenario", "dialogue", "card_extras"] as const;

function expectNoDefinition(character: Record<string, unknown>) {
  for (const key of DEFINITION_KEYS) expect(character).not.toHaveProperty(key);
}

describe("characters", () => {
  let server: TestServer;
  let creator: SignedUp;
  let other: SignedUp;

  beforeAll(async () => {
    server = await startServer({ AUTH_RATE_LIMIT_MAX: "1000", ADMIN_PASSWORD: "admin test password" });
    creator = await signUp(server);
    other = await signUp(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("lists the seeded public characters, most messages first, without definitions", async () => {
    const response = await call<Page>(server, "/api/characters?limit=100&switch=T1");
    expect(response.status).toBe(200);
    const { data, next_cursor } = characterListSchema.parse(response.body);
    expect(data.length).toBe(DEMO_CHARACTERS.length);
    expect(next_cursor).toBeNull();
    const counts = data.map((character) => character.num_messages);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const character of data) {
      expect(character.visibility).toBe("public");
      expect(character.creator_username).toBeTruthy();
      expect(character.token_count).toBeGreaterThan(0);
      expect(character.is_favorite).toBe(false);
      expect(character).not.toHaveProperty("moderationReport");
      expectNoDefinition(character);
    }
    const limited = await call<Page>(server, "/api/characters?limit=2");
    expect(limited.body.data).toHaveLength(2);
    expect(limited.body.next_cursor).toEqual(expect.any(String));
  });

  it("seeds the admin like any new member, with a default persona", async () => {
    const login = await call<{ access_token: string }>(server, "/api/auth/login", {
      body: { email: "admin@hearth.local", password: "admin test password" },
    });
    expect(login.status).toBe(200);
    const personas = await call<{ data: { is_default: boolean }[] }>(server, "/api/personas", {
      token: login.body.access_token,
    });
    expect(personas.body.data.filter((persona) => persona.is_default)).toHaveLength(1);
  });

  it("lists only public, live, not-underage, not-rejected characters; NSFW only for members who allow it", async () => {
    const id = creator.user.id;
    const top = 10_000_000;
    const excluded = await Promise.all([
      insertCharacter(server, { creatorUserId: id, visibility: "hidden", numMessages: top }),
      insertCharacter(server, { creatorUserId: id, visibility: "private", numMessages: top }),
      insertCharacter(server, { creatorUserId: id, visibility: "permanently_private", numMessages: top }),
      insertCharacter(server, { creatorUserId: id, isDeleted: true, numMessages: top }),
      insertCharacter(server, { creatorUserId: id, isUnderage: true, numMessages: top }),
      insertCharacter(server, { creatorUserId: id, moderationStatus: "fix_required", numMessages: top }),
    ]);
    const nsfw = await insertCharacter(server, { creatorUserId: id, isNsfw: true, numMessages: top + 1 });
    const nsfwAvatar = await insertCharacter(server, {
      creatorUserId: id,
      numMessages: top,
      avatarUrl: "/avatars/x.svg",
      avatarIsNsfw: true,
    });

    const ids = async (token?: string) =>
      (await call<Page>(server, "/api/characters?limit=100", token ? { token } : {})).body.data;
    const anonymous = await ids();
    expect(anonymous.map((c) => c.id)).not.toContain(nsfw.id);
    for (const row of excluded) expect(anonymous.map((c) => c.id)).not.toContain(row.id);
    expect(anonymous.find((c) => c.id === nsfwAvatar.id)?.avatar_url).toBeNull();

    await updateUser(server, other.user.id, { showNsfw: true });
    const adult = await ids(other.token);
    expect(adult[0]?.id).toBe(nsfw.id);
    expect(adult.find((c) => c.id === nsfwAvatar.id)?.avatar_url).toBe("/avatars/x.svg");
    for (const row of excluded) expect(adult.map((c) => c.id)).not.toContain(row.id);
    await updateUser(server, other.user.id, { showNsfw: false });
  });

  it("searches name, title and tags case-insensitively, filters by every tag, and escapes wildcards", async () => {
    const mark = `zq${Date.now().toString(36)}`;
    const byName = await insertCharacter(server, {
      creatorUserId: creator.user.id,
      name: `${mark.toUpperCase()} Knight`,
    });
    const byTitle = await insertCharacter(server, {
      creatorUserId: creator.user.id,
      title: `The ${mark} herald`,
    });
    const byTag = await insertCharacter(server, { creatorUserId: creator.user.id, tags: [mark, "fantasy"] });
    const search = async (query: string) =>
      (await call<Page>(server, `/api/characters?limit=100&${query}`)).body.data.map((c) => c.id).sort();

    expect(await search(`search=${mark}`)).toEqual([byName.id, byTitle.id, byTag.id].sort());
    expect(await search(`search=${mark.toUpperCase()}`)).toHaveLength(3);
    expect(await search(`tags=${mark},FANTASY`)).toEqual([byTag.id]);
    expect(await search(`tags=${mark},romance`)).toEqual([]);
    expect(await search("search=%25")).toEqual([]);
    expect(await search("search=_")).toEqual([]);
  });

  it("sorts newest and by rating, and pages with a cursor without repeats or gaps", async () => {
    for (const sort of ["popular", "newest", "rating"] as const) {
      const all = (await call<Page>(server, `/api/characters?limit=100&sort=${sort}`)).body.data;
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `/api/characters?limit=3&sort=${sort}${cursor ? `&cursor=${cursor}` : ""}`;
        const page: { status: number; body: Page } = await call<Page>(server, query);
        expect(page.status).toBe(200);
        seen.push(...page.body.data.map((c) => c.id));
        cursor = page.body.next_cursor;
      } while (cursor);
      expect(seen).toEqual(all.map((c) => c.id));
      if (sort === "newest") {
        const times = all.map((c) => c.created_at);
        expect(times).toEqual([...times].sort().reverse());
      }
      if (sort === "rating") {
        const scores = all.map((c) => c.rating_score);
        // No votes, no score: those rank with a score of 0.
        expect(scores).toEqual([...scores].sort((a, b) => (b ?? 0) - (a ?? 0)));
      }
    }
  });

  it("validates the query", async () => {
    for (const query of [
      "limit=0",
      "limit=101",
      "limit=abc",
      "sort=best",
      "cursor=nonsense",
      `search=${"x".repeat(101)}`,
    ]) {
      const response = await call(server, `/api/characters?${query}`);
      expectError(response, 400, "validation_error");
    }
    const popularCursor = (await call<Page>(server, "/api/characters?limit=1")).body.next_cursor;
    expectError(
      await call(server, `/api/characters?sort=newest&cursor=${popularCursor}`),
      400,
      "validation_error",
    );
  });

  it("creates a character for members with create_character, with clear validation messages", async () => {
    const created = await createCharacter(server, creator.token, {
      name: "  Mira  ",
      title: "Star cartographer",
      tags: ["Space", "space", " Maps "],
      scenario: "Aboard the Lumen.",
    });
    expect(characterSchema.parse(created)).toMatchObject({
      name: "Mira",
      tags: ["space", "maps"],
      visibility: "public",
      creator_user_id: creator.user.id,
      persona: "A kind bard.",
      num_messages: 0,
      rating_score: null,
      rating_count: 0,
      moderationReport: null,
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.token_count).toBeGreaterThan(0);

    const invalid = async (body: Record<string, unknown>, field: string, message: string) => {
      const response = await call(server, "/api/characters", { token: creator.token, body });
      const error = expectError(response, 400, "validation_error");
      expect(error.fields?.[field]).toBe(message);
    };
    await invalid({}, "name", "Name is required");
    await invalid({ name: "   " }, "name", "Name is required");
    await invalid({ name: "x".repeat(41) }, "name", "Name must be at most 40 characters");
    await invalid({ name: "A", title: "t".repeat(51) }, "title", "Title must be at most 50 characters");
    await invalid(
      { name: "A", tags: Array.from({ length: 13 }, (_, i) => `t${i}`) },
      "tags",
      "You can keep only 12 tags !",
    );
    await invalid({ name: "A", tags: ["x".repeat(31)] }, "tags.0", "Tags must be at most 30 characters");
    await invalid(
      { name: "A", persona: "p".repeat(8001) },
      "persona",
      "Personality must be at most 8000 characters",
    );
    await invalid(
      { name: "A", visibility: "permanently_private" },
      "visibility",
      "Visibility must be public, hidden or private",
    );
    await invalid(
      { name: "A", avatar_url: "https://evil.example/x.png" },
      "avatar_url",
      "Avatar must be an uploaded image",
    );

    expectError(await call(server, "/api/characters", { body: { name: "A" } }), 401, "unauthenticated");
    const guest = await guestToken(server);
    expectError(
      await call(server, "/api/characters", { token: guest, body: { name: "A" } }),
      403,
      "forbidden",
    );
  });

  it("gets a character with the definition only for the creator or when visible", async () => {
    const closed = await insertCharacter(server, {
      creatorUserId: creator.user.id,
      definitionVisible: false,
    });
    const open = await insertCharacter(server, { creatorUserId: creator.user.id, definitionVisible: true });

    for (const token of [undefined, other.token]) {
      const response = await call<Character>(
        server,
        `/api/characters/${closed.id}?switch=T1`,
        token ? { token } : {},
      );
      expect(response.status).toBe(200);
      expectNoDefinition(response.body);
      expect(response.body).not.toHaveProperty("moderationReport");
      expect(response.body).not.toHaveProperty("tag_suggestions");
    }
    const asCreator = await call<Character>(server, `/api/characters/${closed.id}`, { token: creator.token });
    expect(asCreator.body).toMatchObject({
      persona: "secret persona",
      scenario: "secret scenario",
      card_extras: {},
      tag_suggestions: [],
    });
    const visible = await call<Character>(server, `/api/characters/${open.id}`);
    expect(definitionOf(visible.body)?.dialogue).toBe("secret dialogue");
  });

  it("never tells non-creators about moderation; a character under review is its creator's only", async () => {
    const reported = await insertCharacter(server, { creatorUserId: creator.user.id, reportsType: ["User"] });
    const asOther = await call<Character>(server, `/api/characters/${reported.id}`, { token: other.token });
    expect(asOther.status).toBe(200);
    expect(asOther.body).not.toHaveProperty("moderationReport");
    expect(asOther.body).not.toHaveProperty("reportsType");
    const row = await insertCharacter(server, {
      creatorUserId: creator.user.id,
      moderationStatus: "pending",
      reasonForModeration: ["Guidelines"],
      actionTakenDescription: "Under review",
      reportsType: ["User"],
    });
    expectError(await call(server, `/api/characters/${row.id}`, { token: other.token }), 404, "not_found");
    const asCreator = await call<Character>(server, `/api/characters/${row.id}`, { token: creator.token });
    expect(asCreator.body).toMatchObject({
      moderationReport: {
        moderation_status: "pending",
        reason_for_moderation: ["Guidelines"],
        action_taken_description: "Under review",
      },
      reportsType: ["User"],
    });
  });

  it("shows private characters to their creator only and hidden ones to anyone with the link", async () => {
    const priv = await insertCharacter(server, { creatorUserId: creator.user.id, visibility: "private" });
    const forever = await insertCharacter(server, {
      creatorUserId: creator.user.id,
      visibility: "permanently_private",
    });
    const rejected = await insertCharacter(server, {
      creatorUserId: creator.user.id,
      moderationStatus: "fix_required",
    });
    const hidden = await insertCharacter(server, { creatorUserId: creator.user.id, visibility: "hidden" });
    for (const character of [priv, forever, rejected]) {
      expect((await call(server, `/api/characters/${character.id}`)).status).toBe(404);
      expect((await call(server, `/api/characters/${character.id}`, { token: other.token })).status).toBe(
        404,
      );
      expect((await call(server, `/api/characters/${character.id}`, { token: creator.token })).status).toBe(
        200,
      );
    }
    expect((await call(server, `/api/characters/${hidden.id}`)).status).toBe(200);
  });

  it("answers 404 for deleted and unknown characters and 400 for a bad id", async () => {
    const deleted = await insertCharacter(server, { creatorUserId: creator.user.id, isDeleted: true });
    expectError(
      await call(server, `/api/characters/${deleted.id}`, { token: creator.token }),
      404,
      "not_found",
    );
    expectError(await call(server, "/api/characters/5b0f1f5e-2f7c-4a37-9b7e-0c2f4d1e9a11"), 404, "not_found");
    const bad = await call(server, "/api/characters/not-a-uuid");
    expect(expectError(bad, 400, "validation_error").fields).toEqual({ id: "Character id must be a UUID" });
  });

  it("edits only the changed fields, for the creator only, and keeps token_count true", async () => {
    const created = await createCharacter(server, creator.token, { title: "Bard", tags: ["music"] });
    const patched = await call<Character>(server, `/api/characters/${created.id}?switch=T1`, {
      method: "PATCH",
      token: creator.token,
      body: { persona: `${created.persona} ${"She sings of old kingdoms. ".repeat(20)}` },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: "Bard", tags: ["music"], name: "Aria" });
    expect(patched.body.token_count).toBeGreaterThan(created.token_count);

    const asOther = await call(server, `/api/characters/${created.id}`, {
      method: "PATCH",
      token: other.token,
      body: { name: "X" },
    });
    expect(expectError(asOther, 403, "forbidden").message).toBe("Only the creator can edit this character.");
    const priv = await createCharacter(server, creator.token, { visibility: "private" });
    const hiddenFromOther = await call(server, `/api/characters/${priv.id}`, {
      method: "PATCH",
      token: other.token,
      body: { name: "X" },
    });
    expectError(hiddenFromOther, 404, "not_found");
    const invalid = await call(server, `/api/characters/${created.id}`, {
      method: "PATCH",
      token: creator.token,
      body: { name: "" },
    });
    expectError(invalid, 400, "validation_error");
  });

  it("refuses edits while under review; saving a fix-required character sends it back for review", async () => {
    for (const status of ["pending", "rereview_required"] as const) {
      const row = await insertCharacter(server, { creatorUserId: creator.user.id, moderationStatus: status });
      const response = await call(server, `/api/characters/${row.id}`, {
        method: "PATCH",
        token: creator.token,
        body: { title: "New" },
      });
      expect(expectError(response, 409, "under_review").message).toBe(UNDER_REVIEW_MESSAGE);
    }
    const rejected = await insertCharacter(server, {
      creatorUserId: creator.user.id,
      moderationStatus: "fix_required",
    });
    const fixed = await call<OwnCharacter>(server, `/api/characters/${rejected.id}`, {
      method: "PATCH",
      token: creator.token,
      body: { title: "Fixed" },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.moderationReport?.moderation_status).toBe("rereview_required");

    const forever = await insertCharacter(server, {
      creatorUserId: creator.user.id,
      visibility: "permanently_private",
    });
    const reopen = await call(server, `/api/characters/${forever.id}`, {
      method: "PATCH",
      token: creator.token,
      body: { visibility: "public" },
    });
    expectError(reopen, 403, "forbidden");
  });

  it("deletes with delete_character and ownership only", async () => {
    const created = await createCharacter(server, creator.token);
    expectError(
      await call(server, `/api/characters/${created.id}`, { method: "DELETE" }),
      401,
      "unauthenticated",
    );
    const byOther = await call(server, `/api/characters/${created.id}`, {
      method: "DELETE",
      token: other.token,
    });
    expect(expectError(byOther, 403, "forbidden").message).toBe(
      "Only the creator can delete this character.",
    );

    await updateUser(server, creator.user.id, { restriction: "limited_access" });
    const limited = await call(server, `/api/characters/${created.id}`, {
      method: "DELETE",
      token: creator.token,
    });
    expectError(limited, 403, "account_limited");
    await updateUser(server, creator.user.id, { restriction: null });

    const deleted = await call(server, `/api/characters/${created.id}`, {
      method: "DELETE",
      token: creator.token,
    });
    expect(deleted.status).toBe(204);
    expectError(
      await call(server, `/api/characters/${created.id}`, { token: creator.token }),
      404,
      "not_found",
    );
    const again = await call(server, `/api/characters/${created.id}`, {
      method: "DELETE",
      token: creator.token,
    });
    expectError(again, 404, "not_found");
  });

  it("lists the caller's own characters, fix required first, then under review, then the latest edits", async () => {
    const owner = await signUp(server);
    const plain = await createCharacter(server, owner.token, { name: "Plain", visibility: "private" });
    const pending = await insertCharacter(server, {
      creatorUserId: owner.user.id,
      name: "Pending",
      moderationStatus: "pending",
    });
    const fix = await insertCharacter(server, {
      creatorUserId: owner.user.id,
      name: "Fix",
      moderationStatus: "fix_required",
      reportsType: ["User"],
    });
    const rereview = await insertCharacter(server, {
      creatorUserId: owner.user.id,
      name: "Rereview",
      moderationStatus: "rereview_required",
    });
    const latest = await createCharacter(server, owner.token, { name: "Latest" });
    await insertCharacter(server, { creatorUserId: owner.user.id, name: "Gone", isDeleted: true });
    await createCharacter(server, other.token, { name: "Not mine" });

    const response = await call<Page>(server, "/api/users/characters?switch=T1", { token: owner.token });
    expect(response.status).toBe(200);
    const names = response.body.data.map((c) => c.name);
    expect(names.slice(0, 1)).toEqual(["Fix"]);
    expect(names.slice(1, 3).sort()).toEqual(["Pending", "Rereview"]);
    expect(names.slice(3)).toEqual(["Latest", "Plain"]);
    const first = response.body.data[0];
    expect(first).toMatchObject({
      id: fix.id,
      reportsType: ["User"],
      moderationReport: { moderation_status: "fix_required" },
    });
    expect(response.body.data.map((c) => c.id)).toEqual(
      expect.arrayContaining([plain.id, pending.id, rereview.id, latest.id]),
    );
    expectError(await call(server, "/api/users/characters"), 401, "unauthenticated");
  });
});

describe("characters on the safe-for-work brand", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ BRAND: "sfw", SEED_DEMO: "false" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("never lists or shows NSFW characters, even to members who allow them", async () => {
    const creator = await signUp(server);
    const viewer = await signUp(server);
    await updateUser(server, viewer.user.id, { showNsfw: true });
    const nsfw = await insertCharacter(server, { creatorUserId: creator.user.id, isNsfw: true });
    const safe = await insertCharacter(server, { creatorUserId: creator.user.id });
    for (const token of [undefined, viewer.token]) {
      const list = await call<Page>(server, "/api/characters", token ? { token } : {});
      expect(list.body.data.map((character) => character.id)).toEqual([safe.id]);
      expect((await call(server, `/api/characters/${nsfw.id}`, token ? { token } : {})).status).toBe(404);
    }
    const config = await call<{ branding: { adult_content: boolean; default_theme: string } }>(
      server,
      "/api/config",
    );
    expect(config.body.branding).toMatchObject({ adult_content: false, default_theme: "light" });
  });
});
