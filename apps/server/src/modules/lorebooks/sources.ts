import type { Lorebook, PromptReport } from "@hearth/contracts";
import type { Database } from "../../db/client";
import { activateLore, fromCharacterBook, type LoreSource } from "./engine";
import { bookOf } from "./presenter";
import { findLoreSourceRows, type LoreBookRow } from "./repository";

type EmbeddedBookFacts = { id: string; updatedAt: Date; characterBook: unknown };

/** Converted embedded books by character and version (its updated_at): a card's book converts once. */
const embeddedBooks = new Map<string, Lorebook | null>();
const EMBEDDED_CACHE_MAX = 500;

/** Members' books by id and version: the same object each time, so the engine's compiled form is reused. */
const memberBooks = new Map<string, Lorebook>();
const MEMBER_CACHE_MAX = 64;

function memberBookOf(row: { id: string; updatedAt: Date; book: Record<string, unknown> }): Lorebook {
  const key = `${row.id}:${row.updatedAt.getTime()}`;
  const cached = memberBooks.get(key);
  if (cached) return cached;
  const book = bookOf(row);
  if (memberBooks.size >= MEMBER_CACHE_MAX) {
    const oldest = memberBooks.keys().next();
    if (!oldest.done) memberBooks.delete(oldest.value);
  }
  memberBooks.set(key, book);
  return book;
}

/**
 * The character's embedded book (card_extras.character_book, V2 or V3) in Hearth's form; null when it has
 * none or it cannot be read (a card saved before its book was checked).
 */
export function characterBookOf(character: EmbeddedBookFacts): Lorebook | null {
  const raw = character.characterBook;
  if (raw === null || raw === undefined || typeof raw !== "object") return null;
  const key = `${character.id}:${character.updatedAt.getTime()}`;
  const cached = embeddedBooks.get(key);
  if (cached !== undefined) return cached;
  let book: Lorebook | null = null;
  try {
    book = fromCharacterBook(raw);
  } catch {
    book = null;
  }
  if (embeddedBooks.size >= EMBEDDED_CACHE_MAX) {
    const oldest = embeddedBooks.keys().next();
    if (!oldest.done) embeddedBooks.delete(oldest.value);
  }
  embeddedBooks.set(key, book);
  return book;
}

/**
 * The books a reply's prompt draws on: the characters' embedded books (the chat's character, and every
 * member of a group chat; unless the chat turned them off), and for members the books attached to this
 * chat and their all-chats books that are on here. Guests, and conversations not saved yet, get the
 * character's book (and a member's all-chats books).
 */
export async function loadLoreSources(
  db: Database,
  query: { characterId: string; userId: string | null; conversationId: string | null },
): Promise<LoreSource[]> {
  const rows = await findLoreSourceRows(db, query);
  // Books of a conversation that is not the member's never apply (the generation refuses it anyway).
  return rows.characterBookEnabled === null ? [] : sourcesOf(rows);
}

/**
 * A chat not saved yet (or a guest's), from rows the caller already holds (a generation keeps them in
 * memory): the character's embedded book, and a member's all-chats books (findAllChatsBooks; none for
 * guests). The same sources loadLoreSources reads for such a chat.
 */
export function newChatLoreSources(
  character: EmbeddedBookFacts,
  allChatsBooks: readonly LoreBookRow[],
): LoreSource[] {
  return sourcesOf({ characters: [character], books: allChatsBooks });
}

function sourcesOf({
  characters,
  books,
}: {
  characters: readonly EmbeddedBookFacts[];
  books: readonly LoreBookRow[];
}): LoreSource[] {
  const sources: LoreSource[] = [];
  for (const character of characters) {
    const book = characterBookOf(character);
    if (book) sources.push({ kind: "character", id: character.id, name: book.name, book });
  }
  for (const row of books) {
    const book = memberBookOf(row);
    sources.push({ kind: row.attached ? "conversation" : "member", id: row.id, name: book.name, book });
  }
  return sources;
}

/** A stable seed for one reply: the same reply activates the same entries. */
export function loreSeed(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

export type LoreActivation = ReturnType<typeof activateLore>;

/** Runs the books over the history (oldest first). No sources: nothing to scan. */
export function activateChatLore(
  sources: LoreSource[],
  history: string[],
  seed: number,
  countTokens: (text: string) => number,
): LoreActivation {
  if (sources.length === 0) return { fired: [], skipped: [] };
  return activateLore({ sources, history, seed, countTokens });
}

/** What is saved on the reply (messages.prompt_report): names, reasons and tokens, never contents. */
export function buildPromptReport(
  activation: LoreActivation,
  parts: { part: string; tokens: number }[],
): PromptReport {
  return {
    fired: activation.fired.map((entry) => ({
      source_kind: entry.sourceKind,
      source_id: entry.sourceId,
      book_name: entry.bookName,
      entry_id: entry.entryId,
      entry_name: entry.entryName,
      position: entry.position,
      tokens: entry.tokens,
      reason: entry.reason,
    })),
    skipped: activation.skipped.map((entry) => ({
      source_id: entry.sourceId,
      entry_id: entry.entryId,
      entry_name: entry.entryName,
      why: entry.why,
    })),
    parts: parts.map((part) => ({ part: part.part, tokens: part.tokens })),
  };
}
