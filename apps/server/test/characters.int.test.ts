import type { AuthResponse, Character } from "@hearth/contracts";
import { characterListSchema, characterSchema } from "@hearth/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { characters } from "../src/db/schema";
import { DEMO_CHARACTERS } from "../src/modules/seed/demo-content";
import { call, startServer, type TestServer } from "./harness";

type NewCharacter = typeof characters.$inferInsert;

async function signUp(server: TestServer): Promise<AuthResponse> {
  const response = await call<AuthResponse>(server, "/api/auth/signup", {
    body: { email: `creator-${Date.now()}-${Math.random()}@example.test`, password: "correct horse" },
  });
  expect(response.status).toBe(201);
  return response.body;
}

async function insertCharacter(
  server: TestServer,
  values: Partial<NewCharacter> & { creatorUserId: string },
) {
  const [row] = await server.database.db
    .insert(characters)
    .values({
      name: "Test character",
      persona: "secret persona",
      scenario: "secret scenario",
      dialogue: "secret dialogue",
      visibility: "public",
      numMessages: 0,
      ...values,
    })
    .returning();
  if (!row) throw new Error("no character inserted");
  return row;
}

describe("characters", () => {
  let server: TestServer;
  let creator: AuthResponse;
  let other: AuthResponse;

  beforeAll(async () => {
    server = await startServer({ AUTH_RATE_LIMIT_MAX: "1000" });
    creator = await signUp(server);
    other = await signUp(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("lists the seeded public characters, most messages first, with creator usernames", async () => {
    const response = await call<{ data: Character[] }>(server, "/api/characters?limit=100");
    expect(response.status).toBe(200);
    const { data } = characterListSchema.parse(response.body);
    expect(data.length).toBe(DEMO_CHARACTERS.length);
    const counts = data.map((character) => character.num_messages);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const character of data) {
      expect(character.visibility).toBe("public");
      expect(character.creator_username).toBeTruthy();
      expect(character.avatar_url).toMatch(/^\/avatars\/.+\.svg$/);
      expect(character.token_count).toBeGreaterThan(0);
      expect("persona" in character).toBe(character.definition_visible);
    }
    const limited = await call<{ data: Character[] }>(server, "/api/characters?limit=2");
    expect(limited.body.data).toHaveLength(2);
  });

  it("lists only public, live, not-underage characters", async () => {
    const id = creator.user.id;
    const top = 10_000_000;
    const hidden = await insertCharacter(server, {
      creatorUserId: id,
      visibility: "hidden",
      numMessages: top,
    });
    const priv = await insertCharacter(server, {
      creatorUserId: id,
      visibility: "private",
      numMessages: top,
    });
    const deleted = await insertCharacter(server, { creatorUserId: id, isDeleted: true, numMessages: top });
    const underage = await insertCharacter(server, { creatorUserId: id, isUnderage: true, numMessages: top });
    const nsfw = await insertCharacter(server, { creatorUserId: id, isNsfw: true, numMessages: top });
    const response = await call<{ data: Character[] }>(server, "/api/characters?limit=100");
    const ids = response.body.data.map((character) => character.id);
    expect(ids[0]).toBe(nsfw.id);
    for (const excluded of [hidden, priv, deleted, underage]) expect(ids).not.toContain(excluded.id);
  });

  it("validates the limit", async () => {
    for (const limit of ["0", "101", "abc"]) {
      const response = await call(server, `/api/characters?limit=${limit}`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        error: { code: "validation_error", fields: { limit: expect.any(String) } },
      });
    }
  });

  it("gets a character, with the definition only when visible or for the creator", async () => {
    const closed = await insertCharacter(server, {
      creatorUserId: creator.user.id,
      definitionVisible: false,
    });
    const open = await insertCharacter(server, { creatorUserId: creator.user.id, definitionVisible: true });

    const anonymous = await call<Character>(server, `/api/characters/${closed.id}`);
    expect(anonymous.status).toBe(200);
    const parsed = characterSchema.parse(anonymous.body);
    expect(parsed).not.toHaveProperty("persona");
    expect(parsed).not.toHaveProperty("scenario");
    expect(parsed).not.toHaveProperty("dialogue");
    expect(parsed.creator_user_id).toBe(creator.user.id);

    const asOther = await call<Character>(server, `/api/characters/${closed.id}`, {
      token: other.access_token,
    });
    expect(asOther.body.persona).toBeUndefined();
    const asCreator = await call<Character>(server, `/api/characters/${closed.id}`, {
      token: creator.access_token,
    });
    expect(asCreator.body).toMatchObject({ persona: "secret persona", scenario: "secret scenario" });

    const visible = await call<Character>(server, `/api/characters/${open.id}`);
    expect(visible.body.dialogue).toBe("secret dialogue");
  });

  it("shows private characters to their creator only and hidden ones to anyone with the link", async () => {
    const priv = await insertCharacter(server, { creatorUserId: creator.user.id, visibility: "private" });
    const forever = await insertCharacter(server, {
      creatorUserId: creator.user.id,
      visibility: "permanently_private",
    });
    const hidden = await insertCharacter(server, { creatorUserId: creator.user.id, visibility: "hidden" });
    for (const character of [priv, forever]) {
      expect((await call(server, `/api/characters/${character.id}`)).status).toBe(404);
      expect(
        (await call(server, `/api/characters/${character.id}`, { token: other.access_token })).status,
      ).toBe(404);
      expect(
        (await call(server, `/api/characters/${character.id}`, { token: creator.access_token })).status,
      ).toBe(200);
    }
    expect((await call(server, `/api/characters/${hidden.id}`)).status).toBe(200);
  });

  it("answers 404 for deleted and unknown characters and 400 for a bad id", async () => {
    const deleted = await insertCharacter(server, { creatorUserId: creator.user.id, isDeleted: true });
    const gone = await call(server, `/api/characters/${deleted.id}`, { token: creator.access_token });
    expect(gone).toMatchObject({ status: 404, body: { error: { code: "not_found" } } });
    const unknown = await call(server, "/api/characters/5b0f1f5e-2f7c-4a37-9b7e-0c2f4d1e9a11");
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: "not_found" } } });
    const bad = await call(server, "/api/characters/not-a-uuid");
    expect(bad).toMatchObject({
      status: 400,
      body: { error: { code: "validation_error", fields: { id: "Character id must be a UUID" } } },
    });
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

  it("never lists or shows NSFW characters", async () => {
    const creator = await signUp(server);
    const nsfw = await insertCharacter(server, { creatorUserId: creator.user.id, isNsfw: true });
    const safe = await insertCharacter(server, { creatorUserId: creator.user.id });
    const list = await call<{ data: Character[] }>(server, "/api/characters");
    expect(list.body.data.map((character) => character.id)).toEqual([safe.id]);
    expect((await call(server, `/api/characters/${nsfw.id}`)).status).toBe(404);
    const config = await call<{ branding: { adult_content: boolean; default_theme: string } }>(
      server,
      "/api/config",
    );
    expect(config.body.branding).toMatchObject({ adult_content: false, default_theme: "light" });
  });
});
