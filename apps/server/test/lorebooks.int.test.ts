import { PGlite } from "@electric-sql/pglite";
import {
  type ChatLorebooks,
  chatLorebooksSchema,
  LOREBOOK_LIMITS,
  type LorebookDetail,
  lorebookDetailSchema,
  lorebookListSchema,
  type PromptReportResponse,
  promptReportResponseSchema,
} from "@hearth/contracts";
import { eq } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client";
import * as schema from "../src/db/schema";
import { lorebooks } from "../src/db/schema";
import { loadLoreSources } from "../src/modules/lorebooks/sources";
import { createCharacter } from "./characters-fixtures";
import { call, type TestServer } from "./harness";
import { generate, startChatServer } from "./support/chat";
import type { FakeOpenAi } from "./support/fake-openai";
import { expectError, guestToken, signUp } from "./support/members";

let server: TestServer;
let fake: FakeOpenAi;
beforeAll(async () => {
  ({ server, fake } = await startChatServer());
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

/** The test server's database seen through a second Drizzle instance that counts the statements it sends. */
function countingDatabase(): { db: Database; statements: () => number } {
  let count = 0;
  const logger = { logQuery: () => void count++ };
  const client = (server.database.db as Database & { $client: unknown }).$client;
  let db: Database;
  if (client instanceof PGlite) db = drizzlePglite({ client, schema, logger });
  else if (client instanceof pg.Pool) db = drizzleNodePg({ client, schema, logger });
  else throw new Error("The test server's database has a client this test does not know");
  return { db, statements: () => count };
}

async function createBook(token: string, body: Record<string, unknown>): Promise<LorebookDetail> {
  const response = await call(server, "/api/lorebooks", { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return lorebookDetailSchema.parse(response.body);
}

async function addEntry(token: string, bookId: string, entry: Record<string, unknown>) {
  const response = await call(server, `/api/lorebooks/${bookId}/entries`, { token, body: entry });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { lorebook: LorebookDetail; entry: { id: string } };
}

async function chatBooks(token: string, conversationId: string): Promise<ChatLorebooks> {
  const response = await call(server, `/api/conversations/${conversationId}/lorebooks`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return chatLorebooksSchema.parse(response.body);
}

async function report(token: string, conversationId: string): Promise<PromptReportResponse> {
  const response = await call(server, `/api/conversations/${conversationId}/prompt-report`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return promptReportResponseSchema.parse(response.body);
}

/** A V2 card's character_book as SillyTavern and others write it (with a field no format knows). */
const CARD_BOOK = {
  name: "Moon lore",
  scan_depth: 4,
  token_budget: 500,
  recursive_scanning: false,
  extensions: { app_specific: { kept: true } },
  entries: [
    {
      id: 1,
      keys: ["Moonfall"],
      secondary_keys: [],
      content: "Moonfall is the night the moon touched the sea.",
      extensions: {},
      enabled: true,
      insertion_order: 10,
      name: "Moonfall",
      priority: 10,
      position: "before_char",
      unknown_field: "kept",
    },
  ],
};

const SILLYTAVERN_FILE = {
  entries: {
    "0": {
      uid: 0,
      key: ["dragon"],
      keysecondary: [],
      comment: "Dragons",
      content: "Dragons sleep under the mountain.",
      constant: false,
      selective: true,
      selectiveLogic: 0,
      order: 100,
      position: 0,
      disable: false,
      probability: 100,
      useProbability: true,
      depth: 4,
      extra_field: 7,
    },
  },
};

const V3_FILE = {
  spec: "lorebook_v3",
  data: {
    name: "Sea lore",
    description: "",
    scan_depth: 4,
    token_budget: 400,
    recursive_scanning: false,
    extensions: {},
    entries: [
      {
        keys: ["kraken"],
        content: "The kraken guards the reef.",
        extensions: {},
        enabled: true,
        insertion_order: 5,
        use_regex: false,
        id: 3,
      },
    ],
  },
};

describe("a member's lorebooks", () => {
  it("creates, reads, updates settings, lists and deletes a book", async () => {
    const { token } = await signUp(server);
    const book = await createBook(token, { name: "  World  ", description: "Everything." });
    expect(book).toMatchObject({
      name: "World",
      description: "Everything.",
      entry_count: 0,
      all_chats: false,
    });
    expect(book.book.entries).toEqual([]);

    const patched = await call(server, `/api/lorebooks/${book.id}`, {
      token,
      method: "PATCH",
      body: { scan_depth: 8, token_budget: 300, recursive_scanning: true, all_chats: true },
    });
    expect(patched.status).toBe(200);
    expect(lorebookDetailSchema.parse(patched.body)).toMatchObject({
      all_chats: true,
      book: { scan_depth: 8, token_budget: 300, recursive_scanning: true, name: "World" },
    });

    const listed = await call(server, "/api/lorebooks", { token });
    expect(lorebookListSchema.parse(listed.body).data.map((b) => b.id)).toEqual([book.id]);

    const deleted = await call(server, `/api/lorebooks/${book.id}`, { token, method: "DELETE" });
    expect(deleted.status).toBe(204);
    expect((await call(server, `/api/lorebooks/${book.id}`, { token })).status).toBe(404);
  });

  it("adds, updates, bulk-toggles and deletes entries", async () => {
    const { token } = await signUp(server);
    const book = await createBook(token, { name: "Entries" });
    const first = await addEntry(token, book.id, { name: "Castle", keys: ["castle"], content: "A castle." });
    const second = await addEntry(token, book.id, { name: "Moat", keys: ["moat"], content: "A moat." });
    expect([first.entry.id, second.entry.id]).toEqual(["0", "1"]);
    expect(second.lorebook.entry_count).toBe(2);

    const updated = await call(server, `/api/lorebooks/${book.id}/entries/0`, {
      token,
      method: "PUT",
      body: {
        name: "Castle",
        keys: ["castle", "keep"],
        content: "A tall castle.",
        position: "at_depth",
        depth: 2,
      },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      entry: { id: "0", keys: ["castle", "keep"], position: "at_depth", depth: 2, enabled: true },
    });

    const bulk = await call(server, `/api/lorebooks/${book.id}/entries`, {
      token,
      method: "PATCH",
      body: { entry_ids: ["0", "1"], enabled: false },
    });
    expect(bulk.status).toBe(200);
    expect(lorebookDetailSchema.parse(bulk.body).book.entries.map((entry) => entry.enabled)).toEqual([
      false,
      false,
    ]);

    const removed = await call(server, `/api/lorebooks/${book.id}/entries/1`, { token, method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(lorebookDetailSchema.parse(removed.body).entry_count).toBe(1);
    const missing = await call(server, `/api/lorebooks/${book.id}/entries/9`, { token, method: "DELETE" });
    expectError(missing, 404, "not_found");
  });

  it("answers clear 4xx with fields for bad input, never a 500, and writes nothing", async () => {
    const { token } = await signUp(server);
    expectError(await call(server, "/api/lorebooks", { token, body: {} }), 400, "validation_error");
    const long = await call(server, "/api/lorebooks", {
      token,
      body: { name: "x".repeat(LOREBOOK_LIMITS.nameMax + 1) },
    });
    expectError(long, 400, "validation_error");
    expect((long.body as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty("name");

    const book = await createBook(token, { name: "Limits" });
    const bigEntry = await call(server, `/api/lorebooks/${book.id}/entries`, {
      token,
      body: { content: "x".repeat(LOREBOOK_LIMITS.contentMax + 1) },
    });
    expectError(bigEntry, 400, "validation_error");
    expect((bigEntry.body as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty(
      "content",
    );
    const badLogic = await call(server, `/api/lorebooks/${book.id}/entries`, {
      token,
      body: { selective_logic: "sometimes" },
    });
    expectError(badLogic, 400, "validation_error");
    const nothing = await call(server, `/api/lorebooks/${book.id}`, { token, method: "PATCH", body: {} });
    expectError(nothing, 400, "validation_error");
    const notABook = await call(server, "/api/lorebooks", { token, body: { file: { hello: "world" } } });
    expectError(notABook, 400, "lorebook_invalid");
    expect((notABook.body as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty(
      "file",
    );
    const badBulk = await call(server, `/api/lorebooks/${book.id}/entries`, {
      token,
      method: "PATCH",
      body: { entry_ids: ["nope"], enabled: true },
    });
    expectError(badBulk, 404, "not_found");

    const listed = await call(server, "/api/lorebooks", { token });
    expect(lorebookListSchema.parse(listed.body).data).toHaveLength(1);
    const [row] = await server.database.db.select().from(lorebooks).where(eq(lorebooks.id, book.id));
    expect(row?.entryCount).toBe(0);
  });

  it("keeps books private: another member gets 404, guests 403", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const book = await createBook(owner.token, { name: "Private" });
    for (const [method, path, body] of [
      ["GET", `/api/lorebooks/${book.id}`, undefined],
      ["PATCH", `/api/lorebooks/${book.id}`, { name: "Mine now" }],
      ["DELETE", `/api/lorebooks/${book.id}`, undefined],
      ["GET", `/api/lorebooks/${book.id}/export`, undefined],
      ["POST", `/api/lorebooks/${book.id}/entries`, { content: "x" }],
    ] as const) {
      const response = await call(server, path, { token: other.token, method, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const listed = await call(server, "/api/lorebooks", { token: other.token });
    expect(lorebookListSchema.parse(listed.body).data).toEqual([]);
    const guest = await guestToken(server);
    expect((await call(server, "/api/lorebooks", { token: guest })).status).toBe(403);
    expect((await call(server, "/api/lorebooks", { token: guest, body: { name: "G" } })).status).toBe(403);
  });
});

describe("lorebook files", () => {
  it("imports SillyTavern world info and V3 lorebooks, and exports them back keeping unknown fields", async () => {
    const { token } = await signUp(server);
    const st = await createBook(token, { file: SILLYTAVERN_FILE, name: "Dragons" });
    expect(st).toMatchObject({ name: "Dragons", entry_count: 1 });
    expect(st.book.entries[0]).toMatchObject({
      keys: ["dragon"],
      content: "Dragons sleep under the mountain.",
    });
    const stExport = await call(server, `/api/lorebooks/${st.id}/export?format=sillytavern`, { token });
    expect(stExport.status).toBe(200);
    expect(stExport.headers.get("content-disposition")).toContain("attachment");
    const stEntries = (stExport.body as { entries: Record<string, Record<string, unknown>> }).entries;
    expect(Object.values(stEntries)[0]).toMatchObject({ key: ["dragon"], extra_field: 7 });

    const v3 = await createBook(token, { file: V3_FILE });
    expect(v3).toMatchObject({ name: "Sea lore", entry_count: 1 });
    const v3Export = await call(server, `/api/lorebooks/${v3.id}/export?format=lorebook_v3`, { token });
    expect(v3Export.body).toMatchObject({ spec: "lorebook_v3", data: { name: "Sea lore" } });

    const fromCard = await createBook(token, { file: CARD_BOOK });
    expect(fromCard).toMatchObject({ name: "Moon lore", entry_count: 1 });
    const cardExport = await call(server, `/api/lorebooks/${fromCard.id}/export?format=lorebook_v3`, {
      token,
    });
    const exportedEntry = (cardExport.body as { data: { entries: Record<string, unknown>[] } }).data
      .entries[0];
    expect(exportedEntry).toMatchObject({ keys: ["Moonfall"], unknown_field: "kept" });

    const badFormat = await call(server, `/api/lorebooks/${v3.id}/export?format=docx`, { token });
    expectError(badFormat, 400, "validation_error");

    // A name outside ASCII still downloads, under an ASCII file name (Node refuses other header values).
    const moon = await createBook(token, { name: "月の書 Éclipse" });
    const moonExport = await call(server, `/api/lorebooks/${moon.id}/export?format=sillytavern`, { token });
    expect(moonExport.status).toBe(200);
    expect(moonExport.headers.get("content-disposition")).toBe('attachment; filename="Eclipse.json"');
  });
});

describe("lorebooks in a chat", () => {
  async function chatWithCardBook(token: string, definitionVisible = true) {
    const character = await createCharacter(server, token, {
      name: "Luna",
      definition_visible: definitionVisible,
    });
    await server.database.db.execute(
      `update characters set card_extras = jsonb_build_object('character_book', '${JSON.stringify(CARD_BOOK).replaceAll("'", "''")}'::jsonb) where id = '${character.id}'`,
    );
    const first = await generate(server, token, { character_id: character.id, message: "Hello." });
    expect(first.done, JSON.stringify(first.events)).not.toBeNull();
    return { characterId: character.id, conversationId: first.done?.conversation_id ?? "" };
  }

  it("fires the card's entry when its key is written: in the prompt and in the reply's report", async () => {
    const { token } = await signUp(server);
    const { characterId, conversationId } = await chatWithCardBook(token);
    const books = await chatBooks(token, conversationId);
    expect(books.character_books).toEqual([
      expect.objectContaining({ name: "Moon lore", entry_count: 1, enabled: true }),
    ]);

    const before = await report(token, conversationId);
    expect(before.report?.fired).toEqual([]);

    const reply = await generate(server, token, {
      character_id: characterId,
      conversation_id: conversationId,
      message: "Tell me about Moonfall.",
    });
    expect(reply.done, JSON.stringify(reply.events)).not.toBeNull();
    const prompt = JSON.stringify(fake.requests.at(-1)?.messages);
    expect(prompt).toContain("Moonfall is the night the moon touched the sea.");
    const after = await report(token, conversationId);
    expect(after.message_id).toBe(reply.done?.message?.id);
    expect(after.report?.fired).toEqual([
      expect.objectContaining({
        source_kind: "character",
        entry_name: "Moonfall",
        reason: { kind: "key", key: "Moonfall", secondary: [] },
      }),
    ]);
    expect(after.report?.parts.length).toBeGreaterThan(0);

    // Turned off for this chat: the entry no longer fires.
    const off = await call(server, `/api/conversations/${conversationId}/character-book`, {
      token,
      method: "PUT",
      body: { enabled: false },
    });
    expect(chatLorebooksSchema.parse(off.body).character_books[0]?.enabled).toBe(false);
    await generate(server, token, {
      character_id: characterId,
      conversation_id: conversationId,
      message: "Moonfall again?",
    });
    expect(JSON.stringify(fake.requests.at(-1)?.messages)).not.toContain("touched the sea");
    expect((await report(token, conversationId)).report?.fired).toEqual([]);
  });

  it("reads a reply's books in one statement: guests, new and saved chats, another member's chat", async () => {
    const member = await signUp(server);
    const other = await signUp(server);
    const { characterId, conversationId } = await chatWithCardBook(member.token);
    const everywhere = await createBook(member.token, { name: "Everywhere", all_chats: true });
    const muted = await createBook(member.token, { name: "Muted here", all_chats: true });
    await createBook(member.token, { name: "Unused" });
    const attached = await createBook(member.token, { name: "Attached" });
    const counting = countingDatabase();
    const read = async (userId: string | null, conversation: string | null) => {
      const before = counting.statements();
      const sources = await loadLoreSources(counting.db, {
        characterId,
        userId,
        conversationId: conversation,
      });
      expect(counting.statements() - before).toBe(1);
      for (const source of sources) expect(source.book.name).toBe(source.name);
      return sources.map((source) => [source.kind, source.id, source.name]);
    };
    const byId = (books: LorebookDetail[], kind: (book: LorebookDetail) => string) =>
      [...books].sort((a, b) => a.id.localeCompare(b.id)).map((book) => [kind(book), book.id, book.name]);
    const card = ["character", characterId, "Moon lore"];

    expect(await read(null, null)).toEqual([card]);
    // A guest's conversation id (the guest store's) never reads a member's chat.
    expect(await read(null, conversationId)).toEqual([card]);
    expect(await read(member.user.id, null)).toEqual([card, ...byId([everywhere, muted], () => "member")]);
    expect(await read(member.user.id, conversationId)).toEqual([
      card,
      ...byId([everywhere, muted], () => "member"),
    ]);

    for (const [book, enabled] of [
      [attached, true],
      [muted, false],
    ] as const) {
      const put = await call(server, `/api/conversations/${conversationId}/lorebooks/${book.id}`, {
        token: member.token,
        method: "PUT",
        body: { enabled },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
    }
    const off = await call(server, `/api/conversations/${conversationId}/character-book`, {
      token: member.token,
      method: "PUT",
      body: { enabled: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await read(member.user.id, conversationId)).toEqual(
      byId([everywhere, attached], (book) => (book.id === attached.id ? "conversation" : "member")),
    );
    // A new chat still reads the card's book and every all-chats book: the switches were this chat's.
    expect(await read(member.user.id, null)).toEqual([card, ...byId([everywhere, muted], () => "member")]);

    expect(await read(other.user.id, conversationId)).toEqual([]);
    expect(await read(member.user.id, crypto.randomUUID())).toEqual([]);
  });

  it("attaches, toggles and detaches the member's books per chat; all-chats books can be turned off here", async () => {
    const { token } = await signUp(server);
    const { characterId, conversationId } = await chatWithCardBook(token);
    const attached = await createBook(token, { name: "Attached" });
    await addEntry(token, attached.id, { keys: ["lantern"], content: "The lantern never goes out." });
    const everywhere = await createBook(token, { name: "Everywhere", all_chats: true });
    await addEntry(token, everywhere.id, { constant: true, content: "It always rains in this world." });

    let books = await chatBooks(token, conversationId);
    expect(books.books).toEqual([
      expect.objectContaining({ id: everywhere.id, attached: "all_chats", enabled: true }),
    ]);
    const put = await call(server, `/api/conversations/${conversationId}/lorebooks/${attached.id}`, {
      token,
      method: "PUT",
      body: { enabled: true },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    books = chatLorebooksSchema.parse(put.body);
    expect(books.books.map((book) => [book.name, book.attached, book.enabled])).toEqual([
      ["Attached", "chat", true],
      ["Everywhere", "all_chats", true],
    ]);

    await generate(server, token, {
      character_id: characterId,
      conversation_id: conversationId,
      message: "Light the lantern.",
    });
    let prompt = JSON.stringify(fake.requests.at(-1)?.messages);
    expect(prompt).toContain("The lantern never goes out.");
    expect(prompt).toContain("It always rains in this world.");
    const fired = (await report(token, conversationId)).report?.fired ?? [];
    expect(fired.map((entry) => [entry.source_kind, entry.reason.kind]).sort()).toEqual([
      ["conversation", "key"],
      ["member", "constant"],
    ]);

    // The all-chats book off for this chat only.
    await call(server, `/api/conversations/${conversationId}/lorebooks/${everywhere.id}`, {
      token,
      method: "PUT",
      body: { enabled: false },
    });
    const detached = await call(server, `/api/conversations/${conversationId}/lorebooks/${attached.id}`, {
      token,
      method: "DELETE",
    });
    expect(chatLorebooksSchema.parse(detached.body).books).toEqual([
      expect.objectContaining({ id: everywhere.id, enabled: false }),
    ]);
    await generate(server, token, {
      character_id: characterId,
      conversation_id: conversationId,
      message: "Light the lantern.",
    });
    prompt = JSON.stringify(fake.requests.at(-1)?.messages);
    expect(prompt).not.toContain("never goes out");
    expect(prompt).not.toContain("always rains");
  });

  it("adds an entry from a chat into a new book attached to it, or into an existing book", async () => {
    const { token } = await signUp(server);
    const { conversationId } = await chatWithCardBook(token);
    const created = await call(server, `/api/conversations/${conversationId}/lore-entries`, {
      token,
      body: { new_book_name: "From the chat", entry: { keys: ["tower"], content: "The tower is white." } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      lorebook: { name: "From the chat", entry_count: 1 },
      entry: { id: "0" },
    });
    const books = await chatBooks(token, conversationId);
    expect(books.books).toEqual([
      expect.objectContaining({ name: "From the chat", attached: "chat", enabled: true }),
    ]);

    const bookId = (created.body as { lorebook: { id: string } }).lorebook.id;
    const again = await call(server, `/api/conversations/${conversationId}/lore-entries`, {
      token,
      body: { lorebook_id: bookId, entry: { keys: ["gate"], content: "The gate is shut." } },
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ lorebook: { entry_count: 2 }, entry: { id: "1" } });

    const neither = await call(server, `/api/conversations/${conversationId}/lore-entries`, {
      token,
      body: { entry: { content: "x" } },
    });
    expectError(neither, 400, "validation_error");
  });

  it("keeps a chat's books and report to its owner", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const { conversationId } = await chatWithCardBook(owner.token);
    const othersBook = await createBook(other.token, { name: "Other's" });
    const ownBook = await createBook(owner.token, { name: "Own" });
    expect(
      (await call(server, `/api/conversations/${conversationId}/lorebooks`, { token: other.token })).status,
    ).toBe(404);
    expect(
      (await call(server, `/api/conversations/${conversationId}/prompt-report`, { token: other.token }))
        .status,
    ).toBe(404);
    const attachOthers = await call(
      server,
      `/api/conversations/${conversationId}/lorebooks/${othersBook.id}`,
      {
        token: owner.token,
        method: "PUT",
        body: { enabled: true },
      },
    );
    expect(attachOthers.status).toBe(404);
    const intoOthersChat = await call(
      server,
      `/api/conversations/${conversationId}/lorebooks/${ownBook.id}`,
      {
        token: other.token,
        method: "PUT",
        body: { enabled: true },
      },
    );
    expect(intoOthersChat.status).toBe(404);
  });

  it("never shows a hidden definition's book: entry names only, no keys or content", async () => {
    const creator = await signUp(server);
    const reader = await signUp(server);
    const character = await createCharacter(server, creator.token, {
      name: "Veiled",
      definition_visible: false,
    });
    await server.database.db.execute(
      `update characters set card_extras = jsonb_build_object('character_book', '${JSON.stringify(CARD_BOOK).replaceAll("'", "''")}'::jsonb) where id = '${character.id}'`,
    );
    const reply = await generate(server, reader.token, {
      character_id: character.id,
      message: "What is Moonfall?",
    });
    expect(reply.done, JSON.stringify(reply.events)).not.toBeNull();
    const conversationId = reply.done?.conversation_id ?? "";
    const books = await call(server, `/api/conversations/${conversationId}/lorebooks`, {
      token: reader.token,
    });
    expect(JSON.stringify(books.body)).not.toContain("touched the sea");
    expect(chatLorebooksSchema.parse(books.body).character_books[0]).toMatchObject({
      name: "Moon lore",
      entry_count: 1,
    });
    const seen = await call(server, `/api/conversations/${conversationId}/prompt-report`, {
      token: reader.token,
    });
    const text = JSON.stringify(seen.body);
    expect(text).toContain("Moonfall");
    expect(text).not.toContain("touched the sea");
    expect(promptReportResponseSchema.parse(seen.body).report?.fired).toEqual([
      expect.objectContaining({ entry_name: "Moonfall", reason: { kind: "hidden" } }),
    ]);
    expect(text).not.toContain('"key"');
  });

  it("uses every group member's book in a group chat, each hidden definition showing names only", async () => {
    const creator = await signUp(server);
    const reader = await signUp(server);
    const open = await createCharacter(server, creator.token, { name: "Open", definition_visible: true });
    const veiled = await createCharacter(server, creator.token, {
      name: "Veiled",
      definition_visible: false,
    });
    const tideBook = {
      ...CARD_BOOK,
      name: "Tide lore",
      entries: [
        {
          ...CARD_BOOK.entries[0],
          keys: ["Tidewater"],
          name: "Tidewater",
          content: "Tidewater is a drowned city.",
        },
      ],
    };
    for (const [id, book] of [
      [open.id, CARD_BOOK],
      [veiled.id, tideBook],
    ] as const) {
      await server.database.db.execute(
        `update characters set card_extras = jsonb_build_object('character_book', '${JSON.stringify(book).replaceAll("'", "''")}'::jsonb) where id = '${id}'`,
      );
    }
    const group = await call(server, "/api/group-chats", {
      token: reader.token,
      body: { character_ids: [open.id, veiled.id], mode: "list" },
    });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    const conversationId = (group.body as { id: string }).id;
    const books = await chatBooks(reader.token, conversationId);
    expect(books.character_books.map((book) => [book.character_name, book.name])).toEqual([
      ["Open", "Moon lore"],
      ["Veiled", "Tide lore"],
    ]);
    const reply = await generate(server, reader.token, {
      character_id: open.id,
      conversation_id: conversationId,
      message: "Moonfall over Tidewater.",
    });
    expect(reply.done, JSON.stringify(reply.events)).not.toBeNull();
    const prompt = JSON.stringify(fake.requests.at(-1)?.messages);
    expect(prompt).toContain("touched the sea");
    expect(prompt).toContain("drowned city");
    const seen = await report(reader.token, conversationId);
    expect(seen.report?.fired.map((entry) => [entry.entry_name, entry.reason.kind]).sort()).toEqual([
      ["Moonfall", "key"],
      ["Tidewater", "hidden"],
    ]);
  });
});
