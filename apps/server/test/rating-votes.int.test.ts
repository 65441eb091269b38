import { randomUUID } from "node:crypto";
import type { Character, CharacterCard, CharacterRatingResponse } from "@hearth/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CHARACTERS } from "../src/commands/seed/demo-content";
import { characterRatings, users } from "../src/db/schema";
import { createCharacter, updateCharacter } from "./characters-fixtures";
import { call, startServer, type TestServer } from "./harness";
import { type SignedUp, signUp } from "./support/members";

/**
 * A character's score comes from members' votes only (`character_ratings`): none without votes
 * (`rating_score` null, `rating_count` 0), and each vote weighs as one among all of them.
 */

const rate = (server: TestServer, token: string, id: string, rating: 1 | 3 | 5) =>
  call<CharacterRatingResponse>(server, `/api/characters/${id}/rating`, {
    method: "PUT",
    token,
    body: { rating },
  });
const getCharacter = (server: TestServer, id: string, token: string) =>
  call<Character>(server, `/api/characters/${id}`, { token });

describe("rating votes", () => {
  let server: TestServer;
  let creator: SignedUp;
  let critic: SignedUp;

  beforeAll(async () => {
    server = await startServer({ AUTH_RATE_LIMIT_MAX: "1000" });
    creator = await signUp(server);
    critic = await signUp(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("shows no score without votes: the first dislike gives the score of that one vote", async () => {
    const bot = await createCharacter(server, creator.token, { name: "Unrated" });
    expect(bot).toMatchObject({ rating_score: null, rating_count: 0 });
    expect((await getCharacter(server, bot.id, critic.token)).body).toMatchObject({
      rating_score: null,
      rating_count: 0,
    });

    const dislike = await rate(server, critic.token, bot.id, 1);
    expect(dislike.body).toEqual({ my_rating: 1, rating_score: 0, num_ratings: 1 });
    expect((await getCharacter(server, bot.id, critic.token)).body).toMatchObject({
      rating_score: 0,
      rating_count: 1,
    });
  });

  it("moves a score with many votes only slightly with one more dislike", async () => {
    const bot = await createCharacter(server, creator.token, { name: "Beloved" });
    // 50 members' votes, stored with their count and score: 45 loves and 5 likes, (45 * 4 + 5 * 2) / 200.
    const { db } = server.database;
    const voters = await db
      .insert(users)
      .values(Array.from({ length: 50 }, () => ({ email: `voter-${randomUUID()}@example.test` })))
      .returning({ id: users.id });
    await db
      .insert(characterRatings)
      .values(voters.map((voter, i) => ({ userId: voter.id, characterId: bot.id, rating: i < 45 ? 5 : 3 })));
    await updateCharacter(server, bot.id, { numRatings: 50, ratingScore: 0.95 });
    const before = (await getCharacter(server, bot.id, critic.token)).body;
    expect(before.rating_count).toBe(50);
    expect(before.rating_score).toBeCloseTo(0.95, 5);

    const dislike = await rate(server, critic.token, bot.id, 1);
    expect(dislike.body.num_ratings).toBe(51);
    expect(dislike.body.rating_score).toBeCloseTo(190 / 204, 5);
    const after = (await getCharacter(server, bot.id, critic.token)).body;
    expect(after.rating_count).toBe(51);
    expect(after.rating_score).toBeCloseTo(0.931, 3);
  });

  it("seeds the demo characters with no votes, hence no score", async () => {
    const listed = (await call<{ data: CharacterCard[] }>(server, "/api/characters?limit=100")).body.data;
    const demo = listed.filter((character) =>
      DEMO_CHARACTERS.some((seeded) => seeded.name === character.name),
    );
    expect(demo).toHaveLength(DEMO_CHARACTERS.length);
    for (const character of demo) expect(character).toMatchObject({ rating_score: null, rating_count: 0 });
  });
});
