import { randomUUID } from "node:crypto";
import {
  type ChatLorebooks,
  type chatLoreEntryBodySchema,
  LOREBOOK_DEFAULTS,
  LOREBOOK_LIMITS,
  LOREBOOK_TEXTS,
  type Lorebook,
  type LorebookEntry,
  type LorebookExportFormat,
  type lorebookCreateBodySchema,
  type lorebookEntryBodySchema,
  lorebookSchema,
  type lorebookSettingsBodySchema,
  type PromptReportResponse,
} from "@hearth/contracts";
import type { z } from "zod";
import type { Database } from "../../db/client";
import type { LorebookRow, UserRow } from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import { can as characterCan, type Viewer } from "../characters/index";
import { lockUser } from "../users/index";
import { LorebookFormatError, parseLorebookFile, toSillyTavernWorldInfo, toV3Lorebook } from "./engine";
import { can } from "./policy";
import { bookOf, presentChatLorebooks, presentPromptReport } from "./presenter";
import {
  type ChatFacts,
  countLorebooks,
  deleteLorebook,
  findChatFacts,
  findLastReplyReport,
  findLorebook,
  findLorebookForUpdate,
  insertLorebook,
  listChatBooks,
  listChatCharacters,
  listLorebooks,
  removeChatBook,
  setCharacterBookEnabled,
  setChatBook,
  updateLorebook,
} from "./repository";
import { characterBookOf } from "./sources";

type CreateBody = z.output<typeof lorebookCreateBodySchema>;
type SettingsBody = z.output<typeof lorebookSettingsBodySchema>;
type EntryBody = z.output<typeof lorebookEntryBodySchema>;
type ChatEntryBody = z.output<typeof chatLoreEntryBodySchema>;

const invalidBook = (message: string, fields: Record<string, string>) =>
  new AppError(400, "lorebook_invalid", message, fields);

export function emptyLorebook(name: string, description = ""): Lorebook {
  return {
    name,
    description,
    scan_depth: LOREBOOK_DEFAULTS.scanDepth,
    token_budget: LOREBOOK_DEFAULTS.tokenBudget,
    recursive_scanning: false,
    entries: [],
    extensions: {},
  };
}

/** A book checked against the contracts' limits; a problem answers 400 with its field. */
function checkedBook(book: Lorebook, fieldPrefix: string): Lorebook {
  if (book.entries.length > LOREBOOK_LIMITS.entriesMax) {
    throw new AppError(400, "lorebook_limit", LOREBOOK_TEXTS.entryLimit, {
      [fieldPrefix ? `${fieldPrefix}.entries` : "entries"]: LOREBOOK_TEXTS.entryLimit,
    });
  }
  const parsed = lorebookSchema.safeParse(book);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    fields[[fieldPrefix, ...issue.path.map(String)].filter(Boolean).join(".") || "book"] ??= issue.message;
  }
  throw new AppError(
    400,
    "validation_error",
    Object.values(fields)[0] ?? "This lorebook is not valid.",
    fields,
  );
}

/** Another member's book answers 404 like a missing one, so ids cannot be probed. */
async function ownedBook(db: Database, user: UserRow, id: string, forUpdate = false): Promise<LorebookRow> {
  const row = forUpdate ? await findLorebookForUpdate(db, id) : await findLorebook(db, id);
  if (!row || !can({ userId: user.id }, "manage", row)) throw notFound();
  return row;
}

export function listMyLorebooks(db: Database, user: UserRow): Promise<LorebookRow[]> {
  return listLorebooks(db, user.id);
}

export function getMyLorebook(db: Database, user: UserRow, id: string): Promise<LorebookRow> {
  return ownedBook(db, user, id);
}

/** A book file of any supported format, in Hearth's form; 400 lorebook_invalid when it is none. */
function importedBook(file: Record<string, unknown>): Lorebook {
  try {
    return parseLorebookFile(file).book;
  } catch (error) {
    if (error instanceof LorebookFormatError) throw invalidBook(error.message, { file: error.message });
    throw error;
  }
}

async function insertWithinCap(db: Database, user: UserRow, book: Lorebook, allChats: boolean) {
  await lockUser(db, user.id);
  if ((await countLorebooks(db, user.id)) >= LOREBOOK_LIMITS.booksPerMember) {
    throw new AppError(403, "lorebook_limit", LOREBOOK_TEXTS.bookLimit);
  }
  return insertLorebook(db, user.id, book, allChats);
}

export function createLorebook(db: Database, user: UserRow, body: CreateBody): Promise<LorebookRow> {
  const base = body.file ? importedBook(body.file) : emptyLorebook(body.name ?? "");
  const book = checkedBook(
    {
      ...base,
      name: (body.name ?? base.name).trim().slice(0, LOREBOOK_LIMITS.nameMax) || "Imported lorebook",
      ...(body.description === undefined ? {} : { description: body.description }),
    },
    body.file ? "file" : "",
  );
  return db.transaction((tx) => insertWithinCap(tx, user, book, body.all_chats ?? false));
}

/** Changes one book under its row lock: the change sees every earlier one. */
function changeBook(
  db: Database,
  user: UserRow,
  id: string,
  change: (book: Lorebook) => Lorebook,
  allChats?: boolean,
): Promise<LorebookRow> {
  return db.transaction(async (tx) => {
    const row = await ownedBook(tx, user, id, true);
    return updateLorebook(tx, id, checkedBook(change(bookOf(row)), ""), allChats);
  });
}

export function updateLorebookSettings(
  db: Database,
  user: UserRow,
  id: string,
  body: SettingsBody,
): Promise<LorebookRow> {
  return changeBook(
    db,
    user,
    id,
    (book) => ({
      ...book,
      name: body.name ?? book.name,
      description: body.description ?? book.description,
      scan_depth: body.scan_depth ?? book.scan_depth,
      token_budget: body.token_budget ?? book.token_budget,
      recursive_scanning: body.recursive_scanning ?? book.recursive_scanning,
    }),
    body.all_chats,
  );
}

export function deleteMyLorebook(db: Database, user: UserRow, id: string): Promise<void> {
  return db.transaction(async (tx) => {
    await ownedBook(tx, user, id, true);
    await deleteLorebook(tx, id);
  });
}

export async function exportMyLorebook(
  db: Database,
  user: UserRow,
  id: string,
  format: LorebookExportFormat,
): Promise<{ name: string; file: Record<string, unknown> }> {
  const book = bookOf(await ownedBook(db, user, id));
  const file = format === "sillytavern" ? toSillyTavernWorldInfo(book) : toV3Lorebook(book);
  return { name: book.name, file };
}

/** The next entry id: one more than the highest numeric id (formats number their entries), as text. */
function nextEntryId(book: Lorebook): string {
  let highest = -1;
  for (const entry of book.entries) {
    if (/^\d{1,9}$/.test(entry.id)) highest = Math.max(highest, Number(entry.id));
  }
  return highest < 999_999_999 ? String(highest + 1) : randomUUID();
}

const entryOf = (id: string, body: EntryBody, extensions: Record<string, unknown> = {}): LorebookEntry => ({
  id,
  ...body,
  extensions: { ...extensions, ...body.extensions },
});

function withNewEntry(book: Lorebook, body: EntryBody): { book: Lorebook; entry: LorebookEntry } {
  if (book.entries.length >= LOREBOOK_LIMITS.entriesMax) {
    throw new AppError(400, "lorebook_limit", LOREBOOK_TEXTS.entryLimit, {
      entries: LOREBOOK_TEXTS.entryLimit,
    });
  }
  const entry = entryOf(nextEntryId(book), body);
  return { book: { ...book, entries: [...book.entries, entry] }, entry };
}

export async function addLorebookEntry(
  db: Database,
  user: UserRow,
  id: string,
  body: EntryBody,
): Promise<{ row: LorebookRow; entry: LorebookEntry }> {
  let entry: LorebookEntry | null = null;
  const row = await changeBook(db, user, id, (book) => {
    const added = withNewEntry(book, body);
    entry = added.entry;
    return added.book;
  });
  return { row, entry: entryOrThrow(entry) };
}

function entryOrThrow(entry: LorebookEntry | null): LorebookEntry {
  if (!entry) throw new Error("The entry was not written");
  return entry;
}

const entryMissing = () =>
  new AppError(404, "not_found", LOREBOOK_TEXTS.entryMissing, { entryId: LOREBOOK_TEXTS.entryMissing });

export async function updateLorebookEntry(
  db: Database,
  user: UserRow,
  id: string,
  entryId: string,
  body: EntryBody,
): Promise<{ row: LorebookRow; entry: LorebookEntry }> {
  let updated: LorebookEntry | null = null;
  const row = await changeBook(db, user, id, (book) => {
    const current = book.entries.find((entry) => entry.id === entryId);
    if (!current) throw entryMissing();
    // Fields of the format the entry came from stay unless the editor sends them.
    const next = entryOf(entryId, body, current.extensions);
    updated = next;
    return { ...book, entries: book.entries.map((entry) => (entry.id === entryId ? next : entry)) };
  });
  return { row, entry: entryOrThrow(updated) };
}

export function deleteLorebookEntry(db: Database, user: UserRow, id: string, entryId: string) {
  return changeBook(db, user, id, (book) => {
    if (!book.entries.some((entry) => entry.id === entryId)) throw entryMissing();
    return { ...book, entries: book.entries.filter((entry) => entry.id !== entryId) };
  });
}

export function setLorebookEntriesEnabled(
  db: Database,
  user: UserRow,
  id: string,
  entryIds: string[],
  enabled: boolean,
): Promise<LorebookRow> {
  const wanted = new Set(entryIds);
  return changeBook(db, user, id, (book) => {
    const missing = entryIds.find((entryId) => !book.entries.some((entry) => entry.id === entryId));
    if (missing !== undefined) throw entryMissing();
    return {
      ...book,
      entries: book.entries.map((entry) => (wanted.has(entry.id) ? { ...entry, enabled } : entry)),
    };
  });
}

/* Per chat ------------------------------------------------------------------------------------------ */

/** The member's own conversation (another member's answers 404). */
async function ownedChat(db: Database, user: UserRow, conversationId: string): Promise<ChatFacts> {
  const chat = await findChatFacts(db, conversationId);
  if (!chat || !can({ userId: user.id }, "configure_chat", chat)) throw notFound();
  return chat;
}

export async function chatLorebooks(
  db: Database,
  user: UserRow,
  conversationId: string,
): Promise<ChatLorebooks> {
  const chat = await ownedChat(db, user, conversationId);
  const [books, characters] = await Promise.all([
    listChatBooks(db, user.id, conversationId),
    listChatCharacters(db, conversationId),
  ]);
  const characterBooks = characters.flatMap((character) => {
    const book = characterBookOf(character);
    return book
      ? [
          {
            characterId: character.id,
            characterName: character.name,
            name: book.name || `${character.name}'s lorebook`,
            entryCount: book.entries.length,
            enabled: chat.characterBookEnabled,
          },
        ]
      : [];
  });
  return presentChatLorebooks(characterBooks, books);
}

export async function setChatLorebook(
  db: Database,
  user: UserRow,
  conversationId: string,
  lorebookId: string,
  enabled: boolean,
): Promise<ChatLorebooks> {
  await ownedChat(db, user, conversationId);
  const book = await findLorebook(db, lorebookId);
  if (!book || !can({ userId: user.id }, "use", book)) throw notFound();
  await setChatBook(db, conversationId, lorebookId, enabled);
  return chatLorebooks(db, user, conversationId);
}

export async function detachChatLorebook(
  db: Database,
  user: UserRow,
  conversationId: string,
  lorebookId: string,
): Promise<ChatLorebooks> {
  await ownedChat(db, user, conversationId);
  await removeChatBook(db, conversationId, lorebookId);
  return chatLorebooks(db, user, conversationId);
}

export async function setChatCharacterBook(
  db: Database,
  user: UserRow,
  conversationId: string,
  enabled: boolean,
): Promise<ChatLorebooks> {
  await ownedChat(db, user, conversationId);
  await setCharacterBookEnabled(db, conversationId, enabled);
  return chatLorebooks(db, user, conversationId);
}

/** 'Add to lorebook': the entry goes into one of the member's books, or a new book attached to this chat. */
export async function addChatLoreEntry(
  db: Database,
  user: UserRow,
  conversationId: string,
  body: ChatEntryBody,
): Promise<{ row: LorebookRow; entry: LorebookEntry }> {
  await ownedChat(db, user, conversationId);
  if ((body.lorebook_id === undefined) === (body.new_book_name === undefined)) {
    throw new AppError(400, "validation_error", LOREBOOK_TEXTS.bookRequired, {
      lorebook_id: LOREBOOK_TEXTS.bookRequired,
    });
  }
  if (body.lorebook_id) return addLorebookEntry(db, user, body.lorebook_id, body.entry);
  const name = body.new_book_name ?? "";
  return db.transaction(async (tx) => {
    const { book, entry } = withNewEntry(emptyLorebook(name), body.entry);
    const row = await insertWithinCap(tx, user, checkedBook(book, ""), false);
    await setChatBook(tx, conversationId, row.id, true);
    return { row, entry };
  });
}

/** The last reply's prompt report, hiding what a hidden character definition's book holds. */
export async function chatPromptReport(
  db: Database,
  user: UserRow,
  conversationId: string,
  viewer: Viewer,
): Promise<PromptReportResponse> {
  await ownedChat(db, user, conversationId);
  const [last, characters] = await Promise.all([
    findLastReplyReport(db, conversationId),
    listChatCharacters(db, conversationId),
  ]);
  // A group's former members (no longer listed) count as hidden: their books show entry names only.
  const visible = new Set(
    characters
      .filter((character) => characterCan(viewer, "see_definition", character))
      .map((character) => character.id),
  );
  return presentPromptReport(last?.id ?? null, last?.promptReport ?? null, visible);
}
