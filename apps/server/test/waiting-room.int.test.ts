import { ERROR_MESSAGES, type QueueAnswer, queueAnswerSchema, WAITING_ROOM } from "@hearth/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCharacter, updateUser } from "./characters-fixtures";
import { call, type TestServer } from "./harness";
import { generate, startChatServer } from "./support/chat";
import type { FakeOpenAi } from "./support/fake-openai";
import { guestToken, type SignedUp, signUp } from "./support/members";

/**
 * The waiting room through the real server: two engine slots, one of them reserved for subscribers, so
 * one free member's or guest's reply fills what is open to everyone else.
 */
let fake: FakeOpenAi;
let server: TestServer;
let creator: SignedUp;
let characterId: string;
let specialId: string;

async function queue(token: string | undefined, query = ""): Promise<QueueAnswer> {
  const response = await call<QueueAnswer>(server, `/api/queue${query}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return queueAnswerSchema.parse(response.body);
}

beforeAll(async () => {
  const special = crypto.randomUUID();
  ({ fake, server } = await startChatServer({
    LLM_MAX_CONCURRENCY: "2",
    RESERVED_SLOTS: "1",
    SPECIAL_CHARACTER_ID: special,
    PARTNER_HOSTS: "partner.example",
  }));
  creator = await signUp(server);
  characterId = (await insertCharacter(server, { creatorUserId: creator.user.id, name: "Mara" })).id;
  specialId = (await insertCharacter(server, { id: special, creatorUserId: creator.user.id, name: "Host" }))
    .id;
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe("GET /api/queue and the generation gate", () => {
  it("lets everyone in while a slot is open; while it is busy, others wait in line and generation is refused", async () => {
    const first = await guestToken(server);
    const second = await guestToken(server);
    const third = await guestToken(server);
    const subscriber = await signUp(server);
    await updateUser(server, subscriber.user.id, { role: "minimal" });
    const free = await signUp(server);

    expect(await queue(first, `?character_id=${characterId}`)).toEqual({
      status: "access",
      position: 0,
      time_left: WAITING_ROOM.accessMs / 1000,
      bypass: specialId,
      retry_after: 30000,
    });
    // Nobody without a session has a place to keep.
    expect((await queue(undefined)).status).toBe("refresh");

    Object.assign(fake.options, { delayMs: 40, tokens: 40 });
    let during: Record<string, unknown> = {};
    const reply = await generate(
      server,
      first,
      { character_id: characterId, message: "hello" },
      {
        onStart: async () => {
          const waiting = await queue(second, `?character_id=${characterId}`);
          const refused = await generate(server, second, { character_id: characterId, message: "me too" });
          const behind = await queue(third);
          const freeMember = await queue(free.token, `?character_id=${characterId}&shared_link=true`);
          const subscribed = await queue(subscriber.token);
          // The reserved slot serves the subscriber at once.
          const subscriberReply = await generate(server, subscriber.token, {
            character_id: characterId,
            message: "skip",
          });
          const special = await generate(server, second, { character_id: specialId, message: "hi host" });
          const shared = await queue(third, `?character_id=${characterId}&shared_link=true`);
          const sharedReply = await generate(server, third, {
            character_id: characterId,
            message: "from a link",
            shared_link: true,
          });
          const memberShared = await generate(server, free.token, {
            character_id: characterId,
            message: "from a link",
            shared_link: true,
          });
          during = {
            waiting,
            refused: refused.body,
            behind,
            freeMember,
            subscribed,
            subscriberDone: subscriberReply.done !== null,
            specialDone: special.done !== null,
            shared,
            sharedDone: sharedReply.done !== null,
            memberShared: memberShared.body,
          };
        },
      },
    );
    expect(reply.done).not.toBeNull();
    expect(during.waiting).toMatchObject({
      status: "waiting",
      position: 1,
      time_left: null,
      bypass: specialId,
    });
    expect(during.refused).toEqual({
      error: { code: "waiting_room", message: ERROR_MESSAGES.waiting_room },
    });
    expect(during.behind).toMatchObject({ status: "waiting", position: 2 });
    // A member's share link does not count (anyone could claim one); a guest's does.
    expect(during.freeMember).toMatchObject({ status: "waiting", position: 3, bypass: specialId });
    expect(during.memberShared).toMatchObject({ error: { code: "waiting_room" } });
    expect(during.subscribed).toEqual({
      status: "access",
      position: 0,
      time_left: null,
      bypass: specialId,
      retry_after: 30000,
    });
    expect(during.subscriberDone).toBe(true);
    expect(during.specialDone).toBe(true);
    expect(during.shared).toMatchObject({ status: "waiting", bypass: characterId });
    expect(during.sharedDone).toBe(true);

    // The reply ended, its slot is free: the head of the line is admitted, then the next.
    Object.assign(fake.options, { delayMs: 0, tokens: null });
    const admitted = await queue(second);
    expect(admitted.status).toBe("access");
    expect(admitted.time_left).toBeGreaterThan(WAITING_ROOM.accessMs / 1000 - 10);
    expect(
      (await generate(server, second, { character_id: characterId, message: "my turn" })).done,
    ).not.toBeNull();
    expect(await queue(third)).toMatchObject({ status: "access" });
  });

  it("has no waiting room on a partner host", async () => {
    const response = await server.app.inject({
      method: "GET",
      url: "/api/queue",
      headers: { host: "partner.example" },
    });
    expect(response.json()).toMatchObject({ status: "access", position: 0 });
  });

  it("refuses a malformed character id with the field's message", async () => {
    const response = await call(server, "/api/queue?character_id=nope");
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: "validation_error" } });
  });
});
