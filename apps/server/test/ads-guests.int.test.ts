import type { AdminAd, AdPick } from "@hearth/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ads } from "../src/db/schema";
import { insertCharacter, updateUser } from "./characters-fixtures";
import { call, type TestServer } from "./harness";
import { generate, startChatServer } from "./support/chat";
import type { FakeOpenAi } from "./support/fake-openai";
import { expectError, guestToken, signUp, uniqueUsername } from "./support/members";

/**
 * Ads in guests' chats: guests have display_ads, and their conversations live in the chat module's guest
 * store (never the database), so the pick reads them from there with the same rules as members' chats.
 */

let server: TestServer;
let fake: FakeOpenAi;
let characterId: string;

beforeAll(async () => {
  ({ fake, server } = await startChatServer({ SEED_DEMO: "false", ADS_MIN_MESSAGES: "10" }));
  const admin = await signUp(server);
  await updateUser(server, admin.user.id, { role: "admin", username: uniqueUsername("admin") });
  characterId = (await insertCharacter(server, { creatorUserId: admin.user.id, visibility: "public" })).id;
  await server.database.db.delete(ads);
  const created = await call<AdminAd>(server, "/api/admin/ads", {
    token: admin.token,
    body: { code: "dragons", text: "Dragon tales", link_url: "https://example.com/", keywords: ["dragon"] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const pick = (token: string, conversationId: string) =>
  call<AdPick>(server, `/api/ads/pick?conversation_id=${conversationId}`, { token });

describe("a guest's chat", () => {
  it("gets an ad once it is longer than the minimum, chosen from its own messages", async () => {
    const guest = await guestToken(server);
    const first = await generate(server, guest, {
      character_id: characterId,
      message: "Tell me of a dragon",
    });
    const conversationId = first.done?.conversation_id;
    if (!conversationId) throw new Error(JSON.stringify(first.events));
    // Two messages (the guest's and the reply): too short.
    expect((await pick(guest, conversationId)).body).toMatchObject({ ad: null, reason: "too_short" });

    for (let turn = 0; turn < 4; turn++) {
      const next = await generate(server, guest, {
        character_id: characterId,
        conversation_id: conversationId,
        message: `more ${turn}`,
      });
      expect(next.done, JSON.stringify(next.body ?? next.events)).not.toBeNull();
    }
    // Ten messages: still not longer than the minimum.
    expect((await pick(guest, conversationId)).body).toMatchObject({ ad: null, reason: "too_short" });

    const last = await generate(server, guest, {
      character_id: characterId,
      conversation_id: conversationId,
      message: "a dragon again",
    });
    const answer = await pick(guest, conversationId);
    expect(answer.status).toBe(200);
    expect(answer.body.ad?.code).toBe("dragons");
    expect(answer.body.matched).toBeGreaterThan(0);
    expect(answer.body.message_id).toBe(last.done?.message?.id);

    // Another guest cannot read this chat's ad (nor learn that the chat exists).
    expectError(await pick(await guestToken(server), conversationId), 404, "not_found");
  });
});
