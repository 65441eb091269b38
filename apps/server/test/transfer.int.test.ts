import {
  type ChatImportResult,
  type ConversationDetail,
  chatImportResultSchema,
  hearthChatFileSchema,
  TRANSFER_LIMITS,
} from "@hearth/contracts";
import { readCardFromPng } from "@hearth/prompt";
import { eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  blockedCreators,
  conversationCharacters,
  conversations,
  lorebooks,
  messages,
} from "../src/db/schema";
import { createCharacter, insertCharacter } from "./characters-fixtures";
import { call, startServer, type TestServer } from "./harness";
import { expectError, type SignedUp, signUp } from "./support/members";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ AUTH_RATE_LIMIT_MAX: "1000" });
});
afterAll(async () => {
  await server?.close();
});

/** A SillyTavern chat as it writes them: a header, then messages with swipes, extras and unknown fields. */
const ST_LINES = [
  {
    user_name: "Ann",
    character_name: "Seraphina",
    create_date: "2024-4-1@15h04m05s",
    chat_metadata: { note_prompt: "", tainted: true, timedWorldInfo: { sticky: {}, cooldown: {} } },
    header_only_field: { b: 1, a: 2 },
  },
  {
    name: "Seraphina",
    is_user: false,
    is_system: false,
    send_date: "April 1, 2024 3:04pm",
    mes: "*She smiles.* Welcome to the glade.",
    swipes: ["*She smiles.* Welcome to the glade.", "Hello, traveller."],
    swipe_id: 0,
    swipe_info: [{ send_date: "April 1, 2024 3:04pm", extra: {} }],
    extra: { zeta: 1, alpha: 2 },
  },
  {
    name: "Ann",
    is_user: true,
    send_date: "April 1, 2024 3:04pm",
    mes: 'Hi! Where "am" I?\nSecond line.',
    extra: { isSmallSys: false },
    force_avatar: "User Avatars/ann.png",
  },
  {
    name: "Seraphina",
    is_user: false,
    is_system: false,
    send_date: "2024-04-01T15:06:10.123Z",
    mes: "Second take.",
    swipes: ["First take.", "Second take.", "Third take."],
    swipe_id: 1,
    gen_started: "2024-04-01T15:06:00.000Z",
    extra: { api: "openai", model: "gpt-4o", token_count: 12 },
  },
  {
    name: "Narrator",
    is_user: false,
    is_system: true,
    send_date: 1711984000000,
    mes: "The wind rises.",
    extra: { type: "narrator" },
  },
];
const ST_FILE = ST_LINES.map((line) => JSON.stringify(line)).join("\n");

/** A lorebook in Hearth's stored form (contracts `Lorebook`). */
const GLADE_BOOK = {
  name: "Glade lore",
  description: "",
  scan_depth: 4,
  token_budget: 1024,
  recursive_scanning: false,
  entries: [
    {
      id: "0",
      name: "Glade",
      keys: ["glade"],
      secondary_keys: [],
      selective_logic: "and_any",
      use_regex: false,
      case_sensitive: false,
      match_whole_words: false,
      content: "A quiet glade.",
      enabled: true,
      constant: false,
      insertion_order: 100,
      priority: 10,
      position: "before_char",
      depth: 4,
      probability: 100,
      extensions: {},
    },
  ],
  extensions: {},
};

async function importChat(token: string, body: Record<string, unknown>) {
  return call<ChatImportResult>(server, "/api/conversations/import", { token, body });
}

async function exportChat(token: string, id: string, format: string) {
  const response = await fetch(`${server.url}/api/conversations/${id}/export?format=${format}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function conversationCount(userId: string): Promise<number> {
  const [row] = await server.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(conversations)
    .where(eq(conversations.userId, userId));
  return row?.count ?? 0;
}

describe("chat transfer", () => {
  let member: SignedUp;
  let characterId: string;
  beforeAll(async () => {
    member = await signUp(server);
    characterId = (await createCharacter(server, member.token, { name: "Seraphina" })).id;
  });

  it("imports a SillyTavern chat with its alternates, timestamps and names, and exports the same file", async () => {
    const imported = await importChat(member.token, { character_id: characterId, file: ST_FILE });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const result = chatImportResultSchema.parse(imported.body);
    expect(result).toMatchObject({ character_id: characterId, format: "sillytavern", message_count: 4 });

    const detail = await call<ConversationDetail>(server, `/api/conversations/${result.conversation_id}`, {
      token: member.token,
    });
    expect(detail.status).toBe(200);
    const shown = detail.body.messages;
    expect(shown.map((m) => [m.role, m.content])).toEqual([
      ["bot", "*She smiles.* Welcome to the glade."],
      ["user", 'Hi! Where "am" I?\nSecond line.'],
      ["bot", "Second take."],
      ["bot", "The wind rises."],
    ]);
    expect(shown[2]).toMatchObject({
      alternates: ["First take.", "Second take.", "Third take."],
      alternate_index: 1,
    });
    expect(shown[1]).toMatchObject({ persona_name: "Ann" });
    expect(shown[0]?.createdAt).toBe("2024-04-01T15:04:00.000Z");
    expect(shown[2]?.createdAt).toBe("2024-04-01T15:06:10.123Z");

    const back = await exportChat(member.token, result.conversation_id, "sillytavern");
    expect(back.status).toBe(200);
    expect(back.headers.get("content-type")).toContain("application/x-ndjson");
    expect(back.headers.get("content-disposition")).toMatch(/attachment; filename="Seraphina-.*\.jsonl"/);
    expect(back.text).toBe(ST_FILE);

    // A clone of it exports the same file too.
    const clone = await call<{ id: string }>(server, `/api/conversations/${result.conversation_id}/clone`, {
      token: member.token,
      body: { title: "Clone" },
    });
    expect(clone.status).toBe(201);
    expect((await exportChat(member.token, clone.body.id, "sillytavern")).text).toBe(ST_FILE);

    // Through Hearth's JSON and back in: the SillyTavern file is still the same.
    const hearth = await exportChat(member.token, result.conversation_id, "hearth");
    expect(hearth.headers.get("content-disposition")).toMatch(/\.hearth\.json"/);
    const file = hearthChatFileSchema.parse(JSON.parse(hearth.text));
    expect(file.messages).toHaveLength(4);
    expect(file.character).toEqual({ id: characterId, name: "Seraphina" });
    const again = await importChat(member.token, { character_id: characterId, file: hearth.text });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.format).toBe("hearth");
    expect((await exportChat(member.token, again.body.conversation_id, "sillytavern")).text).toBe(ST_FILE);
  });

  it("exports a chat written here as Hearth JSON that imports into an equal chat", async () => {
    const [conversation] = await server.database.db
      .insert(conversations)
      .values({ userId: member.user.id, characterId, label: "By the lake" })
      .returning();
    if (!conversation) throw new Error("no conversation");
    const t = (s: number) => new Date(Date.UTC(2025, 0, 2, 3, 4, s));
    await server.database.db.insert(messages).values([
      { conversationId: conversation.id, role: "bot", content: "Hello.", createdAt: t(1) },
      {
        conversationId: conversation.id,
        role: "user",
        content: "Hi.",
        personaName: "Sir Ann",
        createdAt: t(2),
      },
      {
        conversationId: conversation.id,
        role: "bot",
        content: "B",
        alternates: ["A", "B", "C"],
        alternateIndex: 1,
        createdAt: t(3),
      },
    ]);
    const first = await exportChat(member.token, conversation.id, "hearth");
    expect(first.status).toBe(200);
    const file = hearthChatFileSchema.parse(JSON.parse(first.text));
    expect(file).toMatchObject({ format: "hearth-chat", version: 1, conversation: { label: "By the lake" } });
    expect(file.persona).toEqual({ name: "You" });
    const imported = await importChat(member.token, { character_id: characterId, file: first.text });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const second = hearthChatFileSchema.parse(
      JSON.parse((await exportChat(member.token, imported.body.conversation_id, "hearth")).text),
    );
    expect(second.messages).toEqual(file.messages);
    expect(second.conversation.label).toBe("By the lake");

    // Its SillyTavern form names the persona and the character, with swipes on replies.
    const st = (await exportChat(member.token, conversation.id, "sillytavern")).text.split("\n");
    expect(JSON.parse(st[0] ?? "")).toMatchObject({ user_name: "You", character_name: "Seraphina" });
    expect(JSON.parse(st[2] ?? "")).toMatchObject({ name: "Sir Ann", is_user: true, mes: "Hi." });
    expect(JSON.parse(st[3] ?? "")).toMatchObject({
      name: "Seraphina",
      swipes: ["A", "B", "C"],
      swipe_id: 1,
    });
  });

  it("moves dates after now back before it, so the chat's next messages come after them", async () => {
    const future = [
      '{"user_name":"Ann","character_name":"Seraphina"}',
      '{"name":"Ann","is_user":true,"send_date":"2999-01-01T00:00:00.000Z","mes":"From the future."}',
      '{"name":"Seraphina","is_user":false,"send_date":"2999-01-01T00:01:00.000Z","mes":"Indeed."}',
    ].join("\n");
    const before = Date.now();
    const imported = await importChat(member.token, { character_id: characterId, file: future });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const detail = await call<ConversationDetail>(
      server,
      `/api/conversations/${imported.body.conversation_id}`,
      {
        token: member.token,
      },
    );
    const times = detail.body.messages.map((m) => Date.parse(m.createdAt));
    expect(times[0]).toBeLessThan(times[1] ?? 0);
    expect(times[1]).toBeLessThanOrEqual(Date.now());
    expect(times[1]).toBeGreaterThanOrEqual(before - 1000);
    // The file's own dates are what an export gives back.
    expect((await exportChat(member.token, imported.body.conversation_id, "sillytavern")).text).toBe(future);
  });

  it("exports a group chat with each reply's speaker, and keeps the speakers' names through an import", async () => {
    const second = await createCharacter(server, member.token, { name: "Ember" });
    const [conversation] = await server.database.db
      .insert(conversations)
      .values({ userId: member.user.id, characterId, groupMode: "list" })
      .returning();
    if (!conversation) throw new Error("no conversation");
    await server.database.db.insert(conversationCharacters).values([
      { conversationId: conversation.id, characterId, position: 0 },
      { conversationId: conversation.id, characterId: second.id, position: 1 },
    ]);
    const t = (s: number) => new Date(Date.UTC(2025, 1, 2, 3, 4, s));
    await server.database.db.insert(messages).values([
      {
        conversationId: conversation.id,
        role: "user",
        content: "Hello both.",
        personaName: "Ann",
        createdAt: t(1),
      },
      { conversationId: conversation.id, role: "bot", content: "Hi from S.", characterId, createdAt: t(2) },
      {
        conversationId: conversation.id,
        role: "bot",
        content: "Hi from E.",
        characterId: second.id,
        createdAt: t(3),
      },
    ]);
    const hearth = await exportChat(member.token, conversation.id, "hearth");
    const file = hearthChatFileSchema.parse(JSON.parse(hearth.text));
    expect(file.conversation.group_mode).toBe("list");
    expect(file.characters.map((c) => c.name)).toEqual(["Seraphina", "Ember"]);
    expect(file.messages.map((m) => m.speaker?.name ?? null)).toEqual([null, "Seraphina", "Ember"]);
    const names = (text: string) =>
      text
        .split("\n")
        .slice(1)
        .map((line) => (JSON.parse(line) as { name: string }).name);
    expect(names((await exportChat(member.token, conversation.id, "sillytavern")).text)).toEqual([
      "Ann",
      "Seraphina",
      "Ember",
    ]);
    // Imported into a chat with one character, the replies still carry who wrote them.
    const imported = await importChat(member.token, { character_id: characterId, file: hearth.text });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(
      names((await exportChat(member.token, imported.body.conversation_id, "sillytavern")).text),
    ).toEqual(["Ann", "Seraphina", "Ember"]);
  });

  it("refuses files it cannot read with a clear message, writing nothing", async () => {
    const before = await conversationCount(member.user.id);
    const refused = async (file: string, pattern: RegExp, format?: string) => {
      const response = await importChat(member.token, {
        character_id: characterId,
        file,
        ...(format ? { format } : {}),
      });
      const error = expectError(response, 400, "validation_error");
      expect(error.fields?.file).toMatch(pattern);
    };
    await refused(`${ST_FILE}\n{"mes": broken`, /Line 6 is not valid JSON/);
    await refused(`${JSON.stringify(ST_LINES[0])}`, /no messages/);
    await refused(`${JSON.stringify(ST_LINES[0])}\n{"name":"x"}`, /Line 2 has no message text/);
    await refused('{"format":"hearth-chat","version":99}', /newer Hearth/);
    await refused('{"format":"hearth-chat"', /not valid JSON/);
    await refused("plain text", /not valid JSON/, "sillytavern");
    const tooMany = Array.from(
      { length: TRANSFER_LIMITS.importMaxMessages + 1 },
      () => '{"mes":"x","is_user":true}',
    );
    await refused(tooMany.join("\n"), /20001 messages; a chat may hold at most 20000/);
    const tooLong = JSON.stringify({ mes: "x".repeat(TRANSFER_LIMITS.messageMaxChars + 1) });
    await refused(tooLong, /too long/);
    // Bad bodies: zod's messages on their fields.
    const missing = await importChat(member.token, { file: ST_FILE });
    expect(expectError(missing, 400, "validation_error").fields?.character_id).toBeDefined();
    const empty = await importChat(member.token, { character_id: characterId, file: "" });
    expect(expectError(empty, 400, "validation_error").fields?.file).toBe("The file is empty");
    expect(await conversationCount(member.user.id)).toBe(before);
  });

  it("imports only with characters the member may chat with, and exports only their own chats", async () => {
    const other = await signUp(server);
    const hidden = await insertCharacter(server, { creatorUserId: other.user.id, visibility: "private" });
    const refused = await importChat(member.token, { character_id: hidden.id, file: ST_FILE });
    expect(expectError(refused, 400, "validation_error").fields?.character_id).toBe(
      "Choose a character you can chat with.",
    );
    // Not while the member has blocked the character's creator (as chatting with it).
    const blockedCharacter = await createCharacter(server, other.token, { name: "Blocked one" });
    await server.database.db
      .insert(blockedCreators)
      .values({ userId: member.user.id, creatorUserId: other.user.id });
    const blocked = await importChat(member.token, { character_id: blockedCharacter.id, file: ST_FILE });
    expect(expectError(blocked, 400, "validation_error").fields?.character_id).toBe(
      "Choose a character you can chat with.",
    );
    const unknown = await importChat(member.token, {
      character_id: "00000000-0000-4000-8000-000000000000",
      file: ST_FILE,
    });
    expectError(unknown, 400, "validation_error");

    const mine = await importChat(member.token, { character_id: characterId, file: ST_FILE });
    const theirs = await exportChat(other.token, mine.body.conversation_id, "sillytavern");
    expect(theirs.status).toBe(404);
    expect(JSON.parse(theirs.text)).toMatchObject({ error: { code: "not_found" } });
    expect((await exportChat(member.token, mine.body.conversation_id, "csv")).status).toBe(400);
    const anonymous = await fetch(`${server.url}/api/conversations/${mine.body.conversation_id}/export`);
    expect(anonymous.status).toBe(401);
  });

  it("downloads all of a member's data as one zip, and nothing of anyone else's", async () => {
    const owner = await signUp(server);
    const stranger = await signUp(server);
    const created = await createCharacter(server, owner.token, { name: "Ember", persona: "A fire spirit." });
    await server.database.db.insert(lorebooks).values([
      { userId: owner.user.id, name: "Glade lore", entryCount: 1, book: GLADE_BOOK },
      // A book stored in a form this version cannot convert is archived as it is.
      { userId: owner.user.id, name: "Odd book", entryCount: 0, book: { name: "Odd book", future_field: 1 } },
    ]);
    const chat = await importChat(owner.token, { character_id: created.id, file: ST_FILE });
    expect(chat.status).toBe(201);
    const strangers = await createCharacter(server, stranger.token, { name: "Stranger" });
    await importChat(stranger.token, {
      character_id: strangers.id,
      file: ST_FILE.replace("glade", "secret"),
    });

    const response = await fetch(`${server.url}/api/account/export`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="hearth-data-.*\.zip"/);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const text = (name: string) => new TextDecoder().decode(files[name]);
    const names = Object.keys(files).sort();
    expect(names).toContain("profile.json");
    expect(names).toContain("personas.json");
    expect(names).toContain("README.txt");
    const profile = JSON.parse(text("profile.json")) as Record<string, unknown>;
    expect(profile).toMatchObject({ id: owner.user.id, email: owner.email });
    expect(Object.keys(profile)).not.toContain("password_hash");
    expect(text("profile.json")).not.toMatch(/argon|\$2[aby]\$/);
    expect(JSON.parse(text("personas.json"))).toEqual([
      expect.objectContaining({ name: "You", is_default: true }),
    ]);
    const card = names.find((name) => name.startsWith("characters/Ember-") && name.endsWith(".json"));
    expect(card).toMatch(/\.v3\.json$/);
    expect(JSON.parse(text(card ?? ""))).toMatchObject({ spec: "chara_card_v3", data: { name: "Ember" } });
    const png = names.find((name) => name.startsWith("characters/Ember-") && name.endsWith(".v3.png"));
    const pngBytes = files[png ?? ""];
    expect(pngBytes && readCardFromPng(pngBytes).card.data.name).toBe("Ember");
    const v3 = names.find((name) => name.startsWith("lorebooks/Glade_lore-") && name.endsWith(".v3.json"));
    expect(JSON.parse(text(v3 ?? ""))).toMatchObject({
      spec: "lorebook_v3",
      data: {
        name: "Glade lore",
        entries: [expect.objectContaining({ keys: ["glade"], content: "A quiet glade." })],
      },
    });
    const worldInfo = names.find(
      (name) => name.startsWith("lorebooks/Glade_lore-") && name.endsWith(".sillytavern.json"),
    );
    expect(JSON.parse(text(worldInfo ?? ""))).toMatchObject({
      entries: { "0": expect.objectContaining({ key: ["glade"], content: "A quiet glade." }) },
    });
    const odd = names.find((name) => name.startsWith("lorebooks/Odd_book-"));
    expect(odd).toMatch(/-[0-9a-f]{8}\.json$/);
    expect(JSON.parse(text(odd ?? ""))).toEqual({ name: "Odd book", future_field: 1 });
    const jsonl = names.filter((name) => name.startsWith("chats/") && name.endsWith(".jsonl"));
    const hearth = names.filter((name) => name.startsWith("chats/") && name.endsWith(".hearth.json"));
    expect(jsonl).toHaveLength(1);
    expect(hearth).toHaveLength(1);
    expect(text(jsonl[0] ?? "")).toBe(ST_FILE);
    // Nothing of the other member's.
    const all = names.map(text).join("\n");
    expect(all).not.toContain("Stranger");
    expect(all).not.toContain(stranger.email);

    // Three archives an hour.
    for (let i = 0; i < 2; i++) {
      const more = await fetch(`${server.url}/api/account/export`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(more.status).toBe(200);
      await more.arrayBuffer();
    }
    const limited = await fetch(`${server.url}/api/account/export`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(limited.status).toBe(429);
    const anonymous = await fetch(`${server.url}/api/account/export`);
    expect(anonymous.status).toBe(401);
  });
});
