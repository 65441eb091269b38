import type {
  ConversationDetail,
  ConversationSummary,
  ConversationSummaryList,
  GroupAnswer,
  Memory,
  Message,
  MessagePage,
} from "@hearth/contracts";
import { GROUP_MESSAGES } from "@hearth/contracts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { blockedCreators } from "../src/db/schema";
import { insertCharacter, updateUser } from "./characters-fixtures";
import { call, type TestServer } from "./harness";
import { generate, getConversation, startChatServer } from "./support/chat";
import type { FakeOpenAi } from "./support/fake-openai";
import { expectError, expectInvalid, guestToken, type SignedUp, signUp } from "./support/members";

let fake: FakeOpenAi;
let server: TestServer;
let member: SignedUp;
let creator: SignedUp;
const ids = { aria: "", bram: "", cleo: "", dax: "" };

beforeAll(async () => {
  ({ fake, server } = await startChatServer());
  member = await signUp(server);
  // A plan with the memory manager, so memories are tried in a group too.
  await updateUser(server, member.user.id, { role: "basic" });
  creator = await signUp(server);
  const make = (name: string, extra: Record<string, unknown> = {}) =>
    insertCharacter(server, {
      creatorUserId: creator.user.id,
      name,
      greeting: `I am {{char}}, hello {{user}}.`,
      persona: `${name}'s own persona.`,
      scenario: `${name}'s own scenario.`,
      ...extra,
    });
  ids.aria = (await make("Aria")).id;
  ids.bram = (await make("Bram", { cardExtras: { extensions: { talkativeness: "0.9" } } })).id;
  ids.cleo = (await make("Cleo")).id;
  ids.dax = (await make("Dax", { greeting: "" })).id;
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

beforeEach(() => {
  Object.assign(fake.options, { mode: "ok", delayMs: 0, tokens: null, failures: null });
});

async function createGroup(characterIds: string[], mode = "natural", token = member.token) {
  const response = await call<ConversationSummary>(server, "/api/group-chats", {
    token,
    body: { character_ids: characterIds, mode },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const lastPrompt = () => fake.requests.at(-1)?.messages ?? [];
const systemOf = (messages: { role: string; content: string }[]) =>
  messages
    .filter((m) => m.role === "system")
    .map((m) => m.content)
    .join("\n");

describe("starting a group chat", () => {
  it("creates the conversation with its characters in order, each greeting labelled with its speaker", async () => {
    const summary = await createGroup([ids.aria, ids.bram, ids.cleo]);
    expect(summary.character_id).toBe(ids.aria);
    expect(summary.group?.mode).toBe("natural");
    expect(summary.group?.members.map((m) => [m.name, m.position, m.muted])).toEqual([
      ["Aria", 0, false],
      ["Bram", 1, false],
      ["Cleo", 2, false],
    ]);
    const detail = await getConversation(server, member.token, summary.id);
    expect(detail.messages.map((m) => [m.speaker_id, m.content])).toEqual([
      [ids.aria, expect.stringContaining("I am Aria")],
      [ids.bram, expect.stringContaining("I am Bram")],
      [ids.cleo, expect.stringContaining("I am Cleo")],
    ]);
    const list = await call<ConversationSummaryList>(server, "/api/conversations", { token: member.token });
    const listed = list.body.data.find((c) => c.id === summary.id);
    expect(listed?.group?.members.map((m) => m.name)).toEqual(["Aria", "Bram", "Cleo"]);
  });

  it("refuses guests, too few or repeated characters, and characters the member may not chat with", async () => {
    const guest = await guestToken(server);
    const asGuest = await call(server, "/api/group-chats", {
      token: guest,
      body: { character_ids: [ids.aria, ids.bram] },
    });
    expect([401, 403]).toContain(asGuest.status);
    const body = (character_ids: string[]) => ({ token: member.token, body: { character_ids } });
    expectInvalid(
      await call(server, "/api/group-chats", body([ids.aria])),
      "character_ids",
      GROUP_MESSAGES.tooFew,
    );
    expectInvalid(
      await call(server, "/api/group-chats", body([ids.aria, ids.aria])),
      "character_ids",
      GROUP_MESSAGES.duplicate,
    );
    const hidden = await insertCharacter(server, {
      creatorUserId: creator.user.id,
      name: "Hidden",
      visibility: "private",
    });
    expectError(await call(server, "/api/group-chats", body([ids.aria, hidden.id])), 403, "invalidAccess");
    const blocker = await signUp(server);
    await server.database.db
      .insert(blockedCreators)
      .values({ userId: blocker.user.id, creatorUserId: creator.user.id });
    expectError(
      await call(server, "/api/group-chats", {
        token: blocker.token,
        body: { character_ids: [ids.aria, ids.bram] },
      }),
      403,
      "blockedBotCreator",
    );
    const before = await call<ConversationSummaryList>(server, "/api/conversations", { token: member.token });
    expect(before.body.data.every((c) => c.label === null || c.group !== undefined)).toBe(true);
  });
});

describe("who answers", () => {
  it("natural: the character the member names answers, with its own card and the others' lines named", async () => {
    const group = await createGroup([ids.aria, ids.bram, ids.cleo]);
    const reply = await generate(server, member.token, {
      character_id: ids.aria,
      conversation_id: group.id,
      message: "Cleo, what do you think?",
    });
    expect(reply.done?.message?.speaker_id, JSON.stringify(reply.events)).toBe(ids.cleo);
    // The stream names the speaker from its start, so the chat labels the reply while it is written.
    expect(reply.start?.speaker_id).toBe(ids.cleo);
    const prompt = lastPrompt();
    const system = systemOf(prompt);
    expect(system).toContain("Cleo's own persona.");
    expect(system).toContain("Cleo's own scenario.");
    expect(system).not.toContain("Aria's own persona.");
    expect(system).toContain("Group chat");
    // The others' greetings come named; Cleo's own does not.
    const contents = prompt.map((m) => m.content);
    expect(contents.some((c) => c.startsWith("Aria: I am Aria"))).toBe(true);
    expect(contents.some((c) => c.startsWith("I am Cleo"))).toBe(true);
    expect(fake.requests.at(-1)?.stop).toEqual(expect.arrayContaining(["\nAria:", "\nBram:"]));

    // Without a name, the group's talkativeness draw picks someone other than the last speaker.
    const next = await generate(server, member.token, {
      character_id: ids.aria,
      conversation_id: group.id,
      message: "And then?",
    });
    expect(next.done?.message?.speaker_id).not.toBe(ids.cleo);
  });

  it("list: in list order; muted characters are skipped, but speak when asked to", async () => {
    const group = await createGroup([ids.aria, ids.bram, ids.cleo], "list");
    const muted = await call<GroupAnswer>(
      server,
      `/api/conversations/${group.id}/group/characters/${ids.aria}`,
      {
        method: "PATCH",
        token: member.token,
        body: { muted: true },
      },
    );
    expect(muted.status).toBe(200);
    expect(muted.body.group?.members.find((m) => m.id === ids.aria)?.muted).toBe(true);
    const speakers: (string | null | undefined)[] = [];
    for (const text of ["one", "two", "three"]) {
      const reply = await generate(server, member.token, {
        character_id: ids.aria,
        conversation_id: group.id,
        message: `${text} Aria`,
      });
      speakers.push(reply.done?.message?.speaker_id);
    }
    // The last greeting was Cleo's: then Bram, Cleo, Bram (Aria muted).
    expect(speakers).toEqual([ids.bram, ids.cleo, ids.bram]);
    const now = await generate(server, member.token, {
      character_id: ids.aria,
      conversation_id: group.id,
      continue_chat: false,
      regenerate: false,
      message: "Speak, Aria",
      speaker_id: ids.aria,
    });
    expect(now.done?.message?.speaker_id).toBe(ids.aria);
    expect(systemOf(lastPrompt())).toContain("Aria's own persona.");
    // Speak now with no new message: a new reply after the last one.
    const spoken = await generate(server, member.token, {
      character_id: ids.aria,
      conversation_id: group.id,
      speak: true,
      speaker_id: ids.cleo,
    });
    expect(spoken.start?.user_message).toBeNull();
    expect(spoken.done?.message).toMatchObject({ speaker_id: ids.cleo, role: "bot" });
    expect(spoken.done?.message?.id).not.toBe(now.done?.message?.id);
    const detail = await getConversation(server, member.token, group.id);
    expect(detail.messages.slice(-2).map((m) => m.speaker_id)).toEqual([ids.aria, ids.cleo]);
  });

  it("manual: the reply waits for a pick, and nothing is written without one", async () => {
    const group = await createGroup([ids.aria, ids.bram], "manual");
    const before = await getConversation(server, member.token, group.id);
    const refused = await generate(server, member.token, {
      character_id: ids.aria,
      conversation_id: group.id,
      message: "Bram?",
    });
    expectInvalid({ status: refused.status, body: refused.body }, "speaker_id", GROUP_MESSAGES.chooseSpeaker);
    expect((await getConversation(server, member.token, group.id)).message_count).toBe(before.message_count);
    const picked = await generate(server, member.token, {
      character_id: ids.aria,
      conversation_id: group.id,
      message: "Bram?",
      speaker_id: ids.aria,
    });
    expect(picked.done?.message?.speaker_id).toBe(ids.aria);
    const stranger = await generate(server, member.token, {
      character_id: ids.aria,
      conversation_id: group.id,
      message: "You?",
      speaker_id: ids.dax,
    });
    expectInvalid({ status: stranger.status, body: stranger.body }, "speaker_id", GROUP_MESSAGES.notMember);
  });

  it("a chat with one character refuses another speaker", async () => {
    const single = await generate(server, member.token, { character_id: ids.aria, message: "hi" });
    const id = single.done?.conversation_id ?? "";
    expect(single.done?.message?.speaker_id).toBeNull();
    const refused = await generate(server, member.token, {
      character_id: ids.aria,
      conversation_id: id,
      message: "hi",
      speaker_id: ids.bram,
    });
    expectInvalid({ status: refused.status, body: refused.body }, "speaker_id", GROUP_MESSAGES.notGroup);
  });
});

describe("everything a chat does, in a group", () => {
  it("regenerate keeps the speaker (or takes another), continue too; edit, rating, memory, persona, removal", async () => {
    const group = await createGroup([ids.aria, ids.bram, ids.cleo]);
    const first = await generate(server, member.token, {
      character_id: ids.aria,
      conversation_id: group.id,
      message: "Bram, hi",
    });
    const reply = first.done?.message;
    expect(reply?.speaker_id).toBe(ids.bram);
    const again = await generate(server, member.token, {
      character_id: ids.aria,
      conversation_id: group.id,
      regenerate: true,
    });
    expect(again.done?.message).toMatchObject({ id: reply?.id, speaker_id: ids.bram, alternate_index: 1 });
    expect(systemOf(lastPrompt())).toContain("Bram's own persona.");
    const other = await generate(server, member.token, {
      character_id: ids.aria,
      conversation_id: group.id,
      regenerate: true,
      speaker_id: ids.cleo,
    });
    expect(other.done?.message).toMatchObject({ id: reply?.id, speaker_id: ids.cleo, alternate_index: 2 });
    const more = await generate(server, member.token, {
      character_id: ids.aria,
      conversation_id: group.id,
      continue_chat: true,
    });
    expect(more.done?.message?.speaker_id).toBe(ids.cleo);

    const edited = await call<Message>(server, `/api/messages/${reply?.id}`, {
      method: "PUT",
      token: member.token,
      body: { content: "Edited by the member" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.speaker_id).toBe(ids.cleo);
    const rated = await call<Message>(server, `/api/messages/${reply?.id}/rating`, {
      token: member.token,
      body: { rating: 4 },
    });
    expect(rated.status).toBe(201);
    const memory = await call<Memory>(server, `/api/conversations/${group.id}/memories`, {
      token: member.token,
      body: { content: "The tavern is warm.", pinned: true },
    });
    expect(memory.status).toBe(201);
    const persona = await call<{ id: string }>(server, "/api/personas", {
      token: member.token,
      body: { name: "Wren", highlights: "A wandering cartographer." },
    });
    const renamed = await call<ConversationSummary>(server, `/api/conversations/${group.id}`, {
      method: "PUT",
      token: member.token,
      body: { user_persona_id: persona.body.id, label: "The tavern" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.group?.members).toHaveLength(3);
    const withMemory = await generate(server, member.token, {
      character_id: ids.aria,
      conversation_id: group.id,
      message: "Aria, where are we?",
    });
    expect(withMemory.done?.message?.speaker_id).toBe(ids.aria);
    const system = systemOf(lastPrompt());
    expect(system).toContain("The tavern is warm.");
    expect(system).toContain("A wandering cartographer.");
    expect(lastPrompt().some((m) => m.content.startsWith("Cleo: Edited by the member"))).toBe(true);

    const removed = await call<{ removed: number }>(
      server,
      `/api/conversations/${group.id}/messages?from_message_id=${withMemory.start?.user_message?.id}`,
      { method: "DELETE", token: member.token },
    );
    expect(removed.body.removed).toBe(2);
  });

  it("clone copies the characters, their order, mutes and mode, and every speaker", async () => {
    const group = await createGroup([ids.aria, ids.bram, ids.cleo], "list");
    await call(server, `/api/conversations/${group.id}/group/characters/${ids.cleo}`, {
      method: "PATCH",
      token: member.token,
      body: { muted: true },
    });
    await generate(server, member.token, {
      character_id: ids.aria,
      conversation_id: group.id,
      message: "hi",
    });
    const clone = await call<ConversationSummary>(server, `/api/conversations/${group.id}/clone`, {
      token: member.token,
      body: { title: "Copy" },
    });
    expect(clone.status).toBe(201);
    expect(clone.body.group).toMatchObject({
      mode: "list",
      members: [
        { id: ids.aria, muted: false },
        { id: ids.bram, muted: false },
        { id: ids.cleo, muted: true },
      ],
    });
    const [source, copy] = await Promise.all([
      getConversation(server, member.token, group.id),
      getConversation(server, member.token, clone.body.id),
    ]);
    expect(copy.messages.map((m) => [m.speaker_id, m.content])).toEqual(
      source.messages.map((m) => [m.speaker_id, m.content]),
    );
  });
});

describe("managing the group midway", () => {
  it("adds, reorders, changes the mode and removes characters; removed ones keep their labelled messages", async () => {
    const group = await createGroup([ids.aria, ids.bram]);
    const url = `/api/conversations/${group.id}/group`;
    const added = await call<GroupAnswer>(server, `${url}/characters`, {
      token: member.token,
      body: { character_id: ids.cleo },
    });
    expect(added.status).toBe(201);
    expect(added.body.group?.members.map((m) => m.name)).toEqual(["Aria", "Bram", "Cleo"]);
    expectInvalid(
      await call(server, `${url}/characters`, { token: member.token, body: { character_id: ids.cleo } }),
      "character_id",
      GROUP_MESSAGES.alreadyMember,
    );
    const reordered = await call<GroupAnswer>(server, url, {
      method: "PUT",
      token: member.token,
      body: { order: [ids.cleo, ids.aria, ids.bram], mode: "manual" },
    });
    expect(reordered.body.group).toMatchObject({
      mode: "manual",
      members: [{ id: ids.cleo, position: 0 }, { id: ids.aria }, { id: ids.bram }],
    });
    expectInvalid(
      await call(server, url, { method: "PUT", token: member.token, body: { order: [ids.cleo, ids.aria] } }),
      "order",
      GROUP_MESSAGES.order,
    );
    // The conversation's character is the first of the list.
    const detail = await getConversation(server, member.token, group.id);
    expect(detail.character_id).toBe(ids.cleo);

    const removed = await call<GroupAnswer>(server, `${url}/characters/${ids.aria}`, {
      method: "DELETE",
      token: member.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.group?.members.map((m) => m.name)).toEqual(["Cleo", "Bram"]);
    expect(removed.body.group?.former.map((m) => m.name)).toEqual(["Aria"]);
    const after = await getConversation(server, member.token, group.id);
    expect(after.messages.some((m) => m.speaker_id === ids.aria)).toBe(true);
    expect(after.group?.former.map((m) => m.id)).toEqual([ids.aria]);
    expectError(
      await call(server, `${url}/characters/${ids.bram}`, { method: "DELETE", token: member.token }),
      409,
      "validation_error",
    );
    // A removed character no longer answers; the history still names it for the others.
    const gone = await generate(server, member.token, {
      character_id: ids.cleo,
      conversation_id: group.id,
      message: "Aria?",
      speaker_id: ids.aria,
    });
    expectInvalid({ status: gone.status, body: gone.body }, "speaker_id", GROUP_MESSAGES.notMember);
    const answered = await generate(server, member.token, {
      character_id: ids.cleo,
      conversation_id: group.id,
      message: "Bram?",
      speaker_id: ids.bram,
    });
    expect(answered.done?.message?.speaker_id).toBe(ids.bram);
    expect(lastPrompt().some((m) => m.content.startsWith("Aria: I am Aria"))).toBe(true);
  });

  it("is the owner's only: another member gets 404, a chat with one character is no group", async () => {
    const group = await createGroup([ids.aria, ids.bram]);
    const other = await signUp(server);
    expectError(
      await call(server, `/api/conversations/${group.id}/group`, { token: other.token }),
      404,
      "not_found",
    );
    expectError(
      await call(server, `/api/conversations/${group.id}/group/characters`, {
        token: other.token,
        body: { character_id: ids.cleo },
      }),
      404,
      "not_found",
    );
    const single = await generate(server, member.token, { character_id: ids.aria, message: "hi" });
    const none = await call<GroupAnswer>(server, `/api/conversations/${single.done?.conversation_id}/group`, {
      token: member.token,
    });
    expect(none.status).toBe(200);
    expect(none.body.group).toBeNull();
    const page = await call<MessagePage>(server, `/api/conversations/${group.id}/messages`, {
      token: member.token,
    });
    expect(page.body.messages.every((m) => m.speaker_id !== undefined)).toBe(true);
    const detail: ConversationDetail = await getConversation(server, member.token, group.id);
    expect(detail.group?.members).toHaveLength(2);
  });
});
