import type { Character, ConversationDetail, ConversationSummary } from "@hearth/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations } from "../src/db/schema";
import { listOwnConversations } from "../src/modules/chat/conversations/service";
import { createCharacter, insertCharacter, setUsername, updateUser } from "./characters-fixtures";
import { call, type TestServer } from "./harness";
import { generate, startChatServer } from "./support/chat";
import type { FakeOpenAi } from "./support/fake-openai";
import { guestToken, type SignedUp, signUp, uniqueUsername } from "./support/members";

type Page = { data: Character[] };

const NSFW_AVATAR = "/avatars/racy.webp";

let fake: FakeOpenAi;
let server: TestServer;
let creator: SignedUp;
let viewer: SignedUp;
let adultViewer: SignedUp;

beforeAll(async () => {
  ({ fake, server } = await startChatServer());
  [creator, viewer, adultViewer] = await Promise.all([signUp(server), signUp(server), signUp(server)]);
  await setUsername(server, creator.user.id, uniqueUsername("maker"));
  await updateUser(server, adultViewer.user.id, { showNsfw: true });
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const recommendedIds = async (token?: string) => {
  const response = await call<Page>(server, "/api/characters/recommended", token ? { token } : {});
  expect(response.status).toBe(200);
  return response.body.data.map((character) => character.id);
};

const edit = (id: string, body: Record<string, unknown>) =>
  call<Character>(server, `/api/characters/${id}`, { method: "PATCH", token: creator.token, body });

describe("recommendations read the current rows behind their cached ranking", () => {
  it("drop characters made private, deleted or marked NSFW, and blocked creators, at once", async () => {
    const [privatized, deleted, flagged, kept] = await Promise.all(
      ["Soon private", "Soon deleted", "Soon NSFW", "Stays"].map((name) =>
        createCharacter(server, creator.token, { name }),
      ),
    );
    const ids = [privatized, deleted, flagged, kept].map((character) => character?.id ?? "");
    // The rankings of the anonymous, safe-member and adult-member segments are cached now.
    for (const token of [undefined, viewer.token, adultViewer.token]) {
      expect(await recommendedIds(token)).toEqual(expect.arrayContaining(ids));
    }

    expect((await edit(ids[0] ?? "", { visibility: "private" })).status).toBe(200);
    expect(
      (await call(server, `/api/characters/${ids[1]}`, { method: "DELETE", token: creator.token })).status,
    ).toBe(204);
    expect((await edit(ids[2] ?? "", { is_nsfw: true })).status).toBe(200);

    for (const token of [undefined, viewer.token]) {
      const now = await recommendedIds(token);
      expect(now).not.toContain(ids[0]);
      expect(now).not.toContain(ids[1]);
      expect(now).not.toContain(ids[2]);
      expect(now).toContain(ids[3]);
    }
    // A member who allows adult content still gets the NSFW one, never the private or deleted ones.
    const adult = await recommendedIds(adultViewer.token);
    expect(adult).toEqual(expect.arrayContaining([ids[2], ids[3]]));
    expect(adult).not.toContain(ids[0]);
    expect(adult).not.toContain(ids[1]);

    const block = await call(server, "/api/users/blocked-creators", {
      token: viewer.token,
      body: { creator_id: creator.user.id },
    });
    expect(block.status).toBe(201);
    expect(await recommendedIds(viewer.token)).not.toContain(ids[3]);
    expect(await recommendedIds()).toContain(ids[3]);
  });

  it("show a character's current name and avatar, not the cached ones", async () => {
    // Created before the anonymous ranking was cached, in the test above.
    const cached = (await call<Page>(server, "/api/characters/recommended")).body.data.find(
      (c) => c.name === "Stays" && c.creator_user_id === creator.user.id,
    );
    if (!cached) throw new Error("the kept character is not recommended");
    expect((await edit(cached.id, { name: "Renamed", avatar_url: "/avatars/new.webp" })).status).toBe(200);
    const after = await call<Page>(server, "/api/characters/recommended");
    expect(after.body.data.find((c) => c.id === cached.id)).toMatchObject({
      name: "Renamed",
      avatar_url: "/avatars/new.webp",
    });
  });
});

describe("conversation answers hide NSFW avatars as the character endpoints do", () => {
  let characterId: string;

  beforeAll(async () => {
    const character = await insertCharacter(server, {
      creatorUserId: creator.user.id,
      name: "Racy avatar",
      greeting: "Hi.",
      avatarUrl: NSFW_AVATAR,
      avatarIsNsfw: true,
    });
    characterId = character.id;
    await server.database.db
      .insert(conversations)
      .values([viewer, adultViewer, creator].map((member) => ({ userId: member.user.id, characterId })));
  });

  const avatarOf = (character: { id: string; avatar_url: string | null }) => character.avatar_url;

  async function conversationAnswers(token: string) {
    const list = await call<{ data: ConversationSummary[] }>(server, "/api/conversations", { token });
    const perCharacter = await call<{ data: ConversationSummary[] }>(
      server,
      `/api/characters/${characterId}/conversations`,
      { token },
    );
    const summary = list.body.data.find((c) => c.character_id === characterId);
    if (!summary) throw new Error("the conversation is not listed");
    const detail = await call<ConversationDetail>(server, `/api/conversations/${summary.id}`, { token });
    const renamed = await call<ConversationSummary>(server, `/api/conversations/${summary.id}`, {
      method: "PUT",
      token,
      body: { label: "Renamed" },
    });
    const clone = await call<ConversationSummary>(server, `/api/conversations/${summary.id}/clone`, {
      token,
      body: { title: "Copy" },
    });
    const character = await call<Character>(server, `/api/characters/${characterId}`, { token });
    expect([list, perCharacter, detail, renamed, character].map((r) => r.status)).toEqual([
      200, 200, 200, 200, 200,
    ]);
    expect(clone.status).toBe(201);
    return {
      conversationAvatars: [
        summary.character,
        ...perCharacter.body.data.map((c) => c.character),
        detail.body.character,
        renamed.body.character,
        clone.body.character,
      ].map(avatarOf),
      characterAvatar: character.body.avatar_url,
      flags: [summary.character.avatar_is_nsfw, detail.body.character.avatar_is_nsfw],
    };
  }

  it("a member who turned adult content off gets no NSFW avatar anywhere", async () => {
    const answers = await conversationAnswers(viewer.token);
    expect(answers.characterAvatar).toBeNull();
    expect(answers.conversationAvatars.length).toBeGreaterThanOrEqual(5);
    for (const avatar of answers.conversationAvatars) expect(avatar).toBeNull();
    expect(answers.flags).toEqual([true, true]);
  });

  it("a member who allows adult content, and the creator, get it everywhere", async () => {
    for (const member of [adultViewer, creator]) {
      const answers = await conversationAnswers(member.token);
      expect(answers.characterAvatar).toBe(NSFW_AVATAR);
      for (const avatar of answers.conversationAvatars) expect(avatar).toBe(NSFW_AVATAR);
    }
  });

  it("a guest's conversation never carries it", async () => {
    const token = await guestToken(server);
    const chat = await generate(server, token, { character_id: characterId, message: "Hello" });
    const conversationId = chat.done?.conversation_id;
    expect(conversationId, JSON.stringify(chat.body ?? chat.error)).toBeTruthy();
    const detail = await call<ConversationDetail>(server, `/api/conversations/${conversationId}`, { token });
    expect(detail.status).toBe(200);
    expect(detail.body.character).toMatchObject({ id: characterId, avatar_url: null, avatar_is_nsfw: true });
    const character = await call<Character>(server, `/api/characters/${characterId}`, { token });
    expect(character.body.avatar_url).toBeNull();
  });
});

describe("the conversation service given the route's viewer", () => {
  it("applies the brand as well: no NSFW avatar on the safe-for-work brand, whatever the member chose", async () => {
    const character = await insertCharacter(server, {
      creatorUserId: creator.user.id,
      avatarUrl: NSFW_AVATAR,
      avatarIsNsfw: true,
    });
    await server.database.db
      .insert(conversations)
      .values({ userId: adultViewer.user.id, characterId: character.id });
    const sfw = { userId: adultViewer.user.id, brand: "sfw" as const, allowsNsfw: false };
    const [listed] = await listOwnConversations(server.database.db, sfw, {
      limit: 1,
      characterId: character.id,
    });
    expect(listed?.character).toMatchObject({ id: character.id, avatar_url: null });
    const [allowed] = await listOwnConversations(
      server.database.db,
      { ...sfw, brand: "adult", allowsNsfw: true },
      { limit: 1, characterId: character.id },
    );
    expect(allowed?.character.avatar_url).toBe(NSFW_AVATAR);
  });
});
