import {
  type Character,
  type CharacterRatingResponse,
  characterRatingResponseSchema,
  EVENTS_WITH_OWN_ROUTES,
  type OwnCharacter,
  SOCIAL_MESSAGES,
  TAG_MESSAGES,
  type TagSuggestion,
  tagSuggestionSchema,
} from "@hearth/contracts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvents, characterRatings, characters, tagSuggestions } from "../src/db/schema";
import { createCharacter } from "./characters-fixtures";
import { call, startServer, type TestServer } from "./harness";
import { expectError, guestToken, type SignedUp, signUp } from "./support/members";

/**
 * A chatbot rating (`PUT /api/characters/{id}/rating`) and tag suggestions
 * (`POST /api/characters/{id}/tag-suggestions`) through their own routes, each logging the spec's analytics
 * event beside; `POST /api/event` is analytics only and refuses those two event names.
 */

const rate = (server: TestServer, token: string | undefined, id: string, body: unknown) =>
  call<CharacterRatingResponse>(server, `/api/characters/${id}/rating`, { method: "PUT", token, body });
const suggest = (server: TestServer, token: string | undefined, id: string, body: unknown) =>
  call<TagSuggestion>(server, `/api/characters/${id}/tag-suggestions`, { token, body });
const getCharacter = (server: TestServer, id: string, token?: string) =>
  call<Character>(server, `/api/characters/${id}`, token ? { token } : {});
/** The creator's view of their own character. */
const getOwnCharacter = (server: TestServer, id: string, token: string) =>
  call<OwnCharacter>(server, `/api/characters/${id}`, { token });

describe("ratings and tag suggestions through their own routes", () => {
  let server: TestServer;
  let creator: SignedUp;
  let fan: SignedUp;

  /** The analytics events of `name` about one character. */
  const eventsAbout = (name: string, characterId: string) =>
    server.database.db
      .select()
      .from(analyticsEvents)
      .where(
        and(
          eq(analyticsEvents.eventName, name),
          sql`${analyticsEvents.payload}->>'character_id' = ${characterId}`,
        ),
      )
      .orderBy(analyticsEvents.createdAt);
  const ratingRows = (characterId: string) =>
    server.database.db.select().from(characterRatings).where(eq(characterRatings.characterId, characterId));
  const suggestionRows = (characterId: string) =>
    server.database.db.select().from(tagSuggestions).where(eq(tagSuggestions.characterId, characterId));
  const storedCharacter = async (id: string) => {
    const [row] = await server.database.db.select().from(characters).where(eq(characters.id, id));
    return row;
  };

  beforeAll(async () => {
    server = await startServer({ AUTH_RATE_LIMIT_MAX: "1000" });
    creator = await signUp(server);
    fan = await signUp(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe("PUT /api/characters/:id/rating", () => {
    it("creates the member's rating, then updates it: one per member, the score follows", async () => {
      const bot = await createCharacter(server, creator.token, { name: "Rate me" });
      const first = await rate(server, fan.token, bot.id, { rating: 5, conversation_length: 12 });
      expect(first.status).toBe(200);
      expect(characterRatingResponseSchema.strict().parse(first.body)).toEqual({
        my_rating: 5,
        rating_score: 1,
        num_ratings: 1,
      });
      expect((await getCharacter(server, bot.id, fan.token)).body).toMatchObject({
        rating_score: 1,
        my_rating: 5,
      });

      const second = await signUp(server);
      const other = await rate(server, second.token, bot.id, { rating: 1, conversation_length: 2 });
      expect(other.body).toEqual({ my_rating: 1, rating_score: 0.5, num_ratings: 2 });

      // Rating again replaces the member's rating: still two ratings, a new mean.
      const again = await rate(server, fan.token, bot.id, { rating: 3 });
      expect(again.body).toEqual({ my_rating: 3, rating_score: 0.25, num_ratings: 2 });
      const rows = await ratingRows(bot.id);
      expect(rows.map((row) => [row.userId, row.rating, row.conversationLength]).sort()).toEqual(
        [
          [fan.user.id, 3, 0],
          [second.user.id, 1, 2],
        ].sort(),
      );
      expect(await storedCharacter(bot.id)).toMatchObject({ numRatings: 2, ratingScore: 0.25 });
      const seen = await getCharacter(server, bot.id, fan.token);
      expect(seen.body.rating_score).toBeCloseTo(0.25);
      expect(seen.body.my_rating).toBe(3);
    });

    it("logs the characterRating analytics event beside each rating, under the member", async () => {
      const bot = await createCharacter(server, creator.token, { name: "Logged" });
      await rate(server, fan.token, bot.id, { rating: 5, conversation_length: 7 });
      await rate(server, fan.token, bot.id, { rating: 1 });
      const events = await eventsAbout("characterRating", bot.id);
      expect(events.map((event) => [event.userId, event.guestId, event.payload])).toEqual([
        [fan.user.id, null, { character_id: bot.id, rating: 5, conversation_length: 7 }],
        [fan.user.id, null, { character_id: bot.id, rating: 1, conversation_length: 0 }],
      ]);
    });

    it("refuses invalid values with a 400 naming the field, and stores nothing", async () => {
      const bot = await createCharacter(server, creator.token, { name: "Strict" });
      const cases: [unknown, string][] = [
        [{ rating: 4 }, "rating"],
        [{ rating: 0 }, "rating"],
        [{ rating: "5" }, "rating"],
        [{ rating: 2.5 }, "rating"],
        [{}, "rating"],
        [{ rating: 5, conversation_length: -1 }, "conversation_length"],
        [{ rating: 5, conversation_length: 1.5 }, "conversation_length"],
        [{ rating: 5, conversation_length: 2 ** 31 }, "conversation_length"],
      ];
      for (const [body, field] of cases) {
        const error = expectError(await rate(server, fan.token, bot.id, body), 400, "validation_error");
        expect(error.fields, JSON.stringify(body)).toHaveProperty(field);
      }
      expect((await rate(server, fan.token, bot.id, { rating: 4 })).body).toMatchObject({
        error: { fields: { rating: "rating must be 1, 3 or 5" } },
      });
      expectError(await rate(server, fan.token, "not-a-uuid", { rating: 5 }), 400, "validation_error");
      expect(await ratingRows(bot.id)).toEqual([]);
      expect(await eventsAbout("characterRating", bot.id)).toEqual([]);
      expect(await storedCharacter(bot.id)).toMatchObject({ numRatings: 0, ratingScore: 0 });
    });

    it("answers 404 for another member's private character and an unknown one; the creator may not rate", async () => {
      const secret = await createCharacter(server, creator.token, { visibility: "private" });
      expectError(await rate(server, fan.token, secret.id, { rating: 5 }), 404, "not_found");
      expectError(await rate(server, fan.token, crypto.randomUUID(), { rating: 5 }), 404, "not_found");
      const own = await rate(server, creator.token, secret.id, { rating: 5 });
      expect(expectError(own, 403, "forbidden").message).toBe(SOCIAL_MESSAGES.rateOwn);
      expectError(await rate(server, undefined, secret.id, { rating: 5 }), 401, "unauthenticated");
      expectError(await rate(server, await guestToken(server), secret.id, { rating: 5 }), 403, "forbidden");
      expect(await ratingRows(secret.id)).toEqual([]);
      expect(await eventsAbout("characterRating", secret.id)).toEqual([]);
      expect(await storedCharacter(secret.id)).toMatchObject({ numRatings: 0, ratingScore: 0 });
    });

    it("keeps the score exact when many members rate one character at once", async () => {
      const bot = await createCharacter(server, creator.token, { name: "Popular" });
      const members = await Promise.all(Array.from({ length: 8 }, () => signUp(server)));
      const answers = await Promise.all(
        members.map((member, i) => rate(server, member.token, bot.id, { rating: i % 2 === 0 ? 1 : 5 })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(members.map(() => 200));
      expect(await storedCharacter(bot.id)).toMatchObject({ numRatings: 8, ratingScore: 0.5 });
      expect(await eventsAbout("characterRating", bot.id)).toHaveLength(8);
    });
  });

  describe("POST /api/characters/:id/tag-suggestions", () => {
    it("stores the suggestion's real changes, answers it and logs the characterSuggestTags event", async () => {
      const bot = await createCharacter(server, creator.token, { name: "Tag me", tags: ["fantasy", "bard"] });
      const created = await suggest(server, fan.token, bot.id, {
        tags_to_add: ["Music", "fantasy", "music"],
        tags_to_remove: ["bard", "unknown"],
      });
      expect(created.status).toBe(201);
      const answer = tagSuggestionSchema.strict().parse(created.body);
      expect(answer).toEqual({
        id: expect.any(String),
        tags_to_add: ["music"],
        tags_to_remove: ["bard"],
        created_at: expect.any(String),
      });
      expect((await getOwnCharacter(server, bot.id, creator.token)).body.tag_suggestions).toEqual([answer]);
      const events = await eventsAbout("characterSuggestTags", bot.id);
      expect(events.map((event) => [event.userId, event.payload])).toEqual([
        [fan.user.id, { character_id: bot.id, tags_to_add: ["music"], tags_to_remove: ["bard"] }],
      ]);
    });

    it("keeps one suggestion per member: a repeat replaces it, one changing nothing is refused", async () => {
      const bot = await createCharacter(server, creator.token, { name: "Once", tags: ["sci-fi"] });
      const first = await suggest(server, fan.token, bot.id, { tags_to_add: ["space"] });
      const repeat = await suggest(server, fan.token, bot.id, { tags_to_add: ["space"] });
      expect([first.status, repeat.status]).toEqual([201, 201]);
      expect(repeat.body.id).toBe(first.body.id);
      const changed = await suggest(server, fan.token, bot.id, { tags_to_remove: ["sci-fi"] });
      expect(changed.body).toMatchObject({ id: first.body.id, tags_to_add: [], tags_to_remove: ["sci-fi"] });
      const rows = await suggestionRows(bot.id);
      expect(rows.map((row) => [row.userId, row.tagsToAdd, row.tagsToRemove])).toEqual([
        [fan.user.id, [], ["sci-fi"]],
      ]);

      // Tags it already has (or lacks, to remove) are no suggestion at all.
      const duplicate = await suggest(server, fan.token, bot.id, {
        tags_to_add: ["sci-fi", "SCI-FI"],
        tags_to_remove: ["romance"],
      });
      expect(expectError(duplicate, 400, "validation_error").message).toBe(TAG_MESSAGES.nothingSelected);
      const nothing = await suggest(server, fan.token, bot.id, { tags_to_add: [], tags_to_remove: [] });
      expect(expectError(nothing, 400, "validation_error").message).toBe(TAG_MESSAGES.nothingSelected);
      expect(await suggestionRows(bot.id)).toHaveLength(1);
      expect(await eventsAbout("characterSuggestTags", bot.id)).toHaveLength(3);
    });

    it("caps the result at 12 tags and the lists' lengths; refused suggestions store and log nothing", async () => {
      const bot = await createCharacter(server, creator.token, {
        name: "Full",
        tags: Array.from({ length: 10 }, (_, i) => `tag${i}`),
      });
      const tooMany = await suggest(server, fan.token, bot.id, { tags_to_add: ["a", "b", "c"] });
      expect(expectError(tooMany, 400, "validation_error").message).toBe(TAG_MESSAGES.tooMany);
      const longList = await suggest(server, fan.token, bot.id, {
        tags_to_add: Array.from({ length: 13 }, (_, i) => `new${i}`),
      });
      expect(expectError(longList, 400, "validation_error").message).toBe(TAG_MESSAGES.tooMany);
      const badTag = await suggest(server, fan.token, bot.id, { tags_to_add: ["x".repeat(31)] });
      expectError(badTag, 400, "validation_error");
      expect(await suggestionRows(bot.id)).toEqual([]);
      expect(await eventsAbout("characterSuggestTags", bot.id)).toEqual([]);

      // Exactly 12 is fine, also when removals make room.
      expect((await suggest(server, fan.token, bot.id, { tags_to_add: ["a", "b"] })).status).toBe(201);
      const swap = await suggest(server, fan.token, bot.id, {
        tags_to_add: ["a", "b", "c"],
        tags_to_remove: ["tag0"],
      });
      expect(swap.status).toBe(201);
    });

    it("answers 404 for another member's private character; the creator and guests may not suggest", async () => {
      const secret = await createCharacter(server, creator.token, { visibility: "private", tags: ["x"] });
      expectError(await suggest(server, fan.token, secret.id, { tags_to_add: ["y"] }), 404, "not_found");
      expectError(
        await suggest(server, fan.token, crypto.randomUUID(), { tags_to_add: ["y"] }),
        404,
        "not_found",
      );
      const own = await suggest(server, creator.token, secret.id, { tags_to_add: ["y"] });
      expect(expectError(own, 403, "forbidden").message).toBe(SOCIAL_MESSAGES.suggestOwn);
      expectError(
        await suggest(server, undefined, secret.id, { tags_to_add: ["y"] }),
        401,
        "unauthenticated",
      );
      const guest = await guestToken(server);
      expectError(await suggest(server, guest, secret.id, { tags_to_add: ["y"] }), 403, "forbidden");
      expect(await suggestionRows(secret.id)).toEqual([]);
      expect(await eventsAbout("characterSuggestTags", secret.id)).toEqual([]);
    });
  });

  describe("POST /api/event is analytics only", () => {
    it("refuses characterRating and characterSuggestTags with a 400 naming their route, changing nothing", async () => {
      const bot = await createCharacter(server, creator.token, { name: "Untouched", tags: ["calm"] });
      const attempts = [
        {
          event_name: "characterRating",
          payload: { character_id: bot.id, rating: 5, conversation_length: 3 },
        },
        {
          event_name: "characterSuggestTags",
          payload: { character_id: bot.id, tags_to_add: ["loud"], tags_to_remove: [] },
        },
      ] as const;
      for (const body of attempts) {
        const response = await call(server, "/api/event", { token: fan.token, body });
        const error = expectError(response, 400, "validation_error");
        expect(error.message).toContain(EVENTS_WITH_OWN_ROUTES[body.event_name]);
        expect(error.fields?.event_name).toBe(error.message);
        expect(await eventsAbout(body.event_name, bot.id)).toEqual([]);
      }
      expect(await ratingRows(bot.id)).toEqual([]);
      expect(await suggestionRows(bot.id)).toEqual([]);
      expect(await storedCharacter(bot.id)).toMatchObject({ numRatings: 0, ratingScore: 0 });
      expect((await getCharacter(server, bot.id, fan.token)).body.my_rating).toBeNull();
    });

    it("still stores every other event", async () => {
      const stored = await call<{ id: string }>(server, "/api/event", {
        token: fan.token,
        body: { event_name: "characterRatingShown", payload: { any: "thing" } },
      });
      expect(stored.status).toBe(201);
      const [row] = await server.database.db
        .select()
        .from(analyticsEvents)
        .where(eq(analyticsEvents.id, stored.body.id));
      expect(row).toMatchObject({ userId: fan.user.id, payload: { any: "thing" } });
    });
  });
});
