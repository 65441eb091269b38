import type { Character, CharacterCard, CreatorPage, OwnCharacter } from "@hearth/contracts";
import { creatorPageSchema, LIMITS, SOCIAL_MESSAGES } from "@hearth/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { characters } from "../src/db/schema";
import { isCreatorBlocked } from "../src/modules/blocks/index";
import { createCharacter, insertCharacter, setUsername, updateUser } from "./characters-fixtures";
import { call, startServer, type TestServer } from "./harness";
import { expectError, guestToken, type SignedUp, signUp, uniqueUsername } from "./support/members";

type Page = { data: CharacterCard[] };

/** `PUT /api/characters/{character_id}/rating` with the rest as the body. */
const rate = (server: TestServer, token: string | undefined, payload: Record<string, unknown>) => {
  const { character_id, ...body } = payload;
  return call(server, `/api/characters/${String(character_id)}/rating`, { method: "PUT", token, body });
};
/** `POST /api/characters/{character_id}/tag-suggestions` with the rest as the body. */
const suggest = (server: TestServer, token: string | undefined, payload: Record<string, unknown>) => {
  const { character_id, ...body } = payload;
  return call(server, `/api/characters/${String(character_id)}/tag-suggestions`, { token, body });
};
const getCharacter = (server: TestServer, id: string, token?: string) =>
  call<Character>(server, `/api/characters/${id}`, token ? { token } : {});
/** The creator's view of their own character. */
const getOwnCharacter = (server: TestServer, id: string, token: string) =>
  call<OwnCharacter>(server, `/api/characters/${id}`, { token });

describe("favorites, ratings, tag suggestions, blocks and creator pages", () => {
  let server: TestServer;
  let creator: SignedUp;
  let fan: SignedUp;
  let creatorName: string;

  beforeAll(async () => {
    server = await startServer({ AUTH_RATE_LIMIT_MAX: "1000" });
    creator = await signUp(server);
    fan = await signUp(server);
    creatorName = uniqueUsername("maker");
    await setUsername(server, creator.user.id, creatorName);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("every character endpoint refuses another member's private character as not found", async () => {
    const secret = await createCharacter(server, creator.token, { visibility: "private" });
    const id = secret.id;
    const attempts = [
      call(server, `/api/characters/${id}`, { token: fan.token }),
      call(server, `/api/characters/${id}?switch=T1`),
      call(server, `/api/characters/${id}`, { method: "PATCH", token: fan.token, body: { name: "Mine" } }),
      call(server, `/api/characters/${id}`, { method: "DELETE", token: fan.token }),
      call(server, `/api/characters/${id}/favorite`, { method: "PUT", token: fan.token }),
      call(server, `/api/characters/${id}/export?format=json`, { token: fan.token }),
      call(server, `/api/characters/${id}/export?format=png`),
      rate(server, fan.token, { character_id: id, rating: 5, conversation_length: 3 }),
      suggest(server, fan.token, { character_id: id, tags_to_add: ["x"], tags_to_remove: [] }),
    ];
    for (const response of await Promise.all(attempts)) expectError(response, 404, "not_found");
    const browse = await call<Page>(server, "/api/characters?limit=100", { token: fan.token });
    expect(browse.body.data.map((c) => c.id)).not.toContain(id);
    const page = await call<CreatorPage>(server, `/api/creators/${creatorName}`, { token: fan.token });
    expect(page.body.characters.map((c) => c.id)).not.toContain(id);
    const recommended = await call<Page>(server, "/api/characters/recommended", { token: fan.token });
    expect(recommended.body.data.map((c) => c.id)).not.toContain(id);
    // Nothing was changed by the refused calls.
    const mine = await getCharacter(server, id, creator.token);
    expect(mine.body).toMatchObject({
      name: secret.name,
      num_favorites: 0,
      rating_score: null,
      rating_count: 0,
      tag_suggestions: [],
    });
  });

  it("favorites and unfavorites; a creator cannot favorite their own character", async () => {
    const bot = await createCharacter(server, creator.token, { name: "Favorite me" });
    const liked = await call(server, `/api/characters/${bot.id}/favorite`, {
      method: "PUT",
      token: fan.token,
    });
    expect(liked).toMatchObject({ status: 200, body: { is_favorite: true, num_favorites: 1 } });
    const twice = await call(server, `/api/characters/${bot.id}/favorite`, {
      method: "PUT",
      token: fan.token,
    });
    expect(twice.body).toMatchObject({ is_favorite: true, num_favorites: 1 });
    expect((await getCharacter(server, bot.id, fan.token)).body).toMatchObject({
      is_favorite: true,
      num_favorites: 1,
    });
    expect((await getCharacter(server, bot.id)).body.is_favorite).toBe(false);

    const list = await call<Page>(server, "/api/users/favorites", { token: fan.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c) => c.id)).toEqual([bot.id]);
    expect(list.body.data[0]?.is_favorite).toBe(true);

    const own = await call(server, `/api/characters/${bot.id}/favorite`, {
      method: "PUT",
      token: creator.token,
    });
    expect(expectError(own, 403, "forbidden").message).toBe(SOCIAL_MESSAGES.favoriteOwn);
    expectError(
      await call(server, `/api/characters/${bot.id}/favorite`, { method: "PUT" }),
      401,
      "unauthenticated",
    );
    const guest = await guestToken(server);
    expectError(
      await call(server, `/api/characters/${bot.id}/favorite`, { method: "PUT", token: guest }),
      403,
      "forbidden",
    );

    const unliked = await call(server, `/api/characters/${bot.id}/favorite`, {
      method: "DELETE",
      token: fan.token,
    });
    expect(unliked.body).toMatchObject({ is_favorite: false, num_favorites: 0 });
    expect((await call<Page>(server, "/api/users/favorites", { token: fan.token })).body.data).toEqual([]);
    expectError(await call(server, "/api/users/favorites"), 401, "unauthenticated");
  });

  it("ratings move rating_score (mean of (rating - 1) / 4) and show the viewer's own rating", async () => {
    const bot = await createCharacter(server, creator.token, { name: "Rate me" });
    const second = await signUp(server);
    expect(
      (await rate(server, fan.token, { character_id: bot.id, rating: 5, conversation_length: 12 })).status,
    ).toBe(200);
    expect((await getCharacter(server, bot.id, fan.token)).body).toMatchObject({
      rating_score: 1,
      my_rating: 5,
    });
    await rate(server, second.token, { character_id: bot.id, rating: 1, conversation_length: 2 });
    expect((await getCharacter(server, bot.id)).body.rating_score).toBeCloseTo(0.5);
    // Rating again replaces the earlier rating.
    await rate(server, second.token, { character_id: bot.id, rating: 3, conversation_length: 4 });
    const after = await getCharacter(server, bot.id, second.token);
    expect(after.body.rating_score).toBeCloseTo(0.75);
    expect(after.body.my_rating).toBe(3);

    const bad = await rate(server, fan.token, { character_id: bot.id, rating: 4, conversation_length: 1 });
    expect(expectError(bad, 400, "validation_error").fields).toEqual({
      rating: "rating must be 1, 3 or 5",
    });
    expectError(await rate(server, undefined, { character_id: bot.id, rating: 5 }), 401, "unauthenticated");
    expectError(
      await rate(server, await guestToken(server), { character_id: bot.id, rating: 5 }),
      403,
      "forbidden",
    );
    const own = await rate(server, creator.token, { character_id: bot.id, rating: 5 });
    expect(expectError(own, 403, "forbidden").message).toBe(SOCIAL_MESSAGES.rateOwn);
    expect((await getCharacter(server, bot.id)).body.rating_score).toBeCloseTo(0.75);
  });

  it("stores tag suggestions for the creator, within 12 tags", async () => {
    const bot = await createCharacter(server, creator.token, { name: "Tag me", tags: ["fantasy", "bard"] });
    const ok = await suggest(server, fan.token, {
      character_id: bot.id,
      tags_to_add: ["Music", "fantasy"],
      tags_to_remove: ["bard", "unknown"],
    });
    expect(ok.status).toBe(201);
    const asCreator = await getOwnCharacter(server, bot.id, creator.token);
    expect(asCreator.body.tag_suggestions).toEqual([
      {
        id: expect.any(String),
        tags_to_add: ["music"],
        tags_to_remove: ["bard"],
        created_at: expect.any(String),
      },
    ]);
    expect((await getCharacter(server, bot.id, fan.token)).body).not.toHaveProperty("tag_suggestions");

    const nothing = await suggest(server, fan.token, {
      character_id: bot.id,
      tags_to_add: [],
      tags_to_remove: [],
    });
    expect(expectError(nothing, 400, "validation_error").message).toBe("Please select something !");
    const noChange = await suggest(server, fan.token, {
      character_id: bot.id,
      tags_to_add: ["fantasy"],
      tags_to_remove: [],
    });
    expect(expectError(noChange, 400, "validation_error").message).toBe("Please select something !");
    const tooMany = await suggest(server, fan.token, {
      character_id: bot.id,
      tags_to_add: Array.from({ length: 11 }, (_, i) => `tag${i}`),
      tags_to_remove: [],
    });
    expect(expectError(tooMany, 400, "validation_error").message).toBe("You can keep only 12 tags !");

    const suggestionId = asCreator.body.tag_suggestions?.[0]?.id;
    const path = `/api/characters/${bot.id}/tag-suggestions/${suggestionId}`;
    expectError(await call(server, path, { method: "DELETE", token: fan.token }), 403, "forbidden");
    expect((await call(server, path, { method: "DELETE", token: creator.token })).status).toBe(204);
    expect((await getOwnCharacter(server, bot.id, creator.token)).body.tag_suggestions).toEqual([]);
  });

  it("blocks and unblocks creators; blocked creators' characters leave the lists", async () => {
    const bot = await createCharacter(server, creator.token, { name: "Blockable" });
    const viewer = await signUp(server);
    expect(
      (await call<Page>(server, "/api/characters?limit=100", { token: viewer.token })).body.data.map(
        (c) => c.id,
      ),
    ).toContain(bot.id);

    expectError(await call(server, "/api/users/blocked-creators"), 401, "unauthenticated");
    expect((await call(server, "/api/users/blocked-creators", { token: viewer.token })).body).toEqual({
      data: [],
    });
    const self = await call(server, "/api/users/blocked-creators", {
      token: viewer.token,
      body: { creator_id: viewer.user.id },
    });
    expect(expectError(self, 400, "validation_error").message).toBe(SOCIAL_MESSAGES.blockSelf);
    const unknown = await call(server, "/api/users/blocked-creators", {
      token: viewer.token,
      body: { creator_id: "5b0f1f5e-2f7c-4a37-9b7e-0c2f4d1e9a11" },
    });
    expectError(unknown, 404, "not_found");

    const blocked = await call(server, "/api/users/blocked-creators", {
      token: viewer.token,
      body: { creator_id: creator.user.id },
    });
    expect(blocked).toMatchObject({ status: 201, body: { id: creator.user.id, username: creatorName } });
    expect(await isCreatorBlocked(server.database.db, viewer.user.id, creator.user.id)).toBe(true);
    expect(await isCreatorBlocked(server.database.db, creator.user.id, viewer.user.id)).toBe(false);
    expect((await call(server, "/api/users/blocked-creators", { token: viewer.token })).body).toEqual({
      data: [{ id: creator.user.id, username: creatorName }],
    });
    const browse = await call<Page>(server, "/api/characters?limit=100", { token: viewer.token });
    expect(browse.body.data.map((c) => c.id)).not.toContain(bot.id);
    const recommended = await call<Page>(server, "/api/characters/recommended", { token: viewer.token });
    expect(recommended.body.data.map((c) => c.creator_user_id)).not.toContain(creator.user.id);
    const profile = await getCharacter(server, bot.id, viewer.token);
    expect(profile.body.is_creator_blocked).toBe(true);
    const page = await call<CreatorPage>(server, `/api/creators/${creatorName}`, { token: viewer.token });
    expect(page.body.is_blocked).toBe(true);

    const unblock = await call(server, `/api/users/blocked-creators/${creator.user.id}`, {
      method: "DELETE",
      token: viewer.token,
    });
    expect(unblock.status).toBe(204);
    expect(await isCreatorBlocked(server.database.db, viewer.user.id, creator.user.id)).toBe(false);
    expect(
      (await call<Page>(server, "/api/characters?limit=100", { token: viewer.token })).body.data.map(
        (c) => c.id,
      ),
    ).toContain(bot.id);
  });

  it("shows a creator's page: listed characters for visitors, every live one for the creator", async () => {
    const pub = await createCharacter(server, creator.token, { name: "On the page" });
    const hidden = await createCharacter(server, creator.token, { name: "Unlisted", visibility: "hidden" });
    const priv = await createCharacter(server, creator.token, { name: "Private one", visibility: "private" });
    await updateUser(server, creator.user.id, { name: "Maker", highlights: "I write bards." });

    const visitor = await call<CreatorPage>(server, `/api/creators/${creatorName.toUpperCase()}`);
    expect(visitor.status).toBe(200);
    const parsed = creatorPageSchema.parse(visitor.body);
    expect(parsed).toMatchObject({
      username: creatorName,
      name: "Maker",
      highlights: "I write bards.",
      is_blocked: false,
    });
    const ids = parsed.characters.map((c) => c.id);
    expect(ids).toContain(pub.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(priv.id);
    expect(JSON.stringify(visitor.body)).not.toContain("@example.test");

    const own = await call<CreatorPage>(server, `/api/creators/${creatorName}`, { token: creator.token });
    expect(own.body.characters.map((c) => c.id)).toEqual(
      expect.arrayContaining([pub.id, hidden.id, priv.id]),
    );
    expectError(await call(server, "/api/creators/nobody-here"), 404, "not_found");
  });
});

describe("recommendations", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ AUTH_RATE_LIMIT_MAX: "1000", SEED_DEMO: "false" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`answers at most ${LIMITS.recommendations} listed characters, ranked by ratings, favorites, chats and recency`, async () => {
    const creator = await signUp(server);
    const fan = await signUp(server);
    const old = new Date(Date.now() - 400 * 86_400_000);
    const filler = Array.from({ length: LIMITS.recommendations + 10 }, (_, i) => ({
      creatorUserId: creator.user.id,
      name: `Filler ${i}`,
      visibility: "public" as const,
      createdAt: old,
      numMessages: i % 7,
    }));
    await server.database.db.insert(characters).values(filler);
    const loved = await insertCharacter(server, {
      creatorUserId: creator.user.id,
      name: "Loved",
      ratingScore: 0.95,
      numRatings: 40,
      numFavorites: 300,
      numMessages: 50_000,
      createdAt: old,
    });
    const popular = await insertCharacter(server, {
      creatorUserId: creator.user.id,
      name: "Popular",
      numMessages: 50_000,
      createdAt: old,
    });
    const fresh = await insertCharacter(server, { creatorUserId: creator.user.id, name: "Fresh" });
    const hiddenOne = await insertCharacter(server, {
      creatorUserId: creator.user.id,
      visibility: "hidden",
      ratingScore: 1,
      numRatings: 99,
    });
    const nsfw = await insertCharacter(server, {
      creatorUserId: creator.user.id,
      isNsfw: true,
      ratingScore: 1,
      numRatings: 99,
    });

    const response = await call<Page>(server, "/api/characters/recommended?switch=T1", { token: fan.token });
    expect(response.status).toBe(200);
    const ids = response.body.data.map((c) => c.id);
    expect(ids).toHaveLength(LIMITS.recommendations);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 3)).toEqual([loved.id, popular.id, fresh.id]);
    expect(ids).not.toContain(hiddenOne.id);
    expect(ids).not.toContain(nsfw.id);
    for (const character of response.body.data) expect(character).not.toHaveProperty("persona");

    const anonymous = await call<Page>(server, "/api/characters/recommended");
    expect(anonymous.body.data.slice(0, 3).map((c) => c.id)).toEqual([loved.id, popular.id, fresh.id]);
  });
});
