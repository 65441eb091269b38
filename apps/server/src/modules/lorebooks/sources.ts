import type { Lorebook, PromptReport } from "@hearth/contracts";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { characters } from "../../db/schema";
import { activateLore, fromCharacterBook, type LoreSource } from "./engine";
import { bookOf } from "./presenter";
import { findChatFacts, listActiveChatBooks } from "./repository";

type EmbeddedBookFacts = { id: string; updatedAt: Date; characterBook: unknown };

/** Converted embedded books by character and version (its updated_at): a card's book converts once. */
const embeddedBooks = new Map<string, Lorebook | null>();
const EMBEDDED_CACHE_MAX = 500;

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

async function characterFacts(db: Database, characterId: string): Promise<EmbeddedBookFacts | null> {
  const [row] = await db
    .select({
      id: characters.id,
      updatedAt: characters.updatedAt,
      characterBook: sql<unknown>`${characters.cardExtras}->'character_book'`,
    })
    .from(characters)
    .where(eq(characters.id, characterId))
    .limit(1);
  return row ?? null;
}

/**
 * The books a reply's prompt draws on: the character's embedded book (unless the chat turned it off), and
 * for members the books attached to this chat and their all-chats books that are on here. Guests, and
 * conversations not saved yet, get the character's book (and a member's all-chats books).
 */
export async function loadLoreSources(
  db: Database,
  query: { characterId: string; userId: string | null; conversationId: string | null },
): Promise<LoreSource[]> {
  const { userId, conversationId } = query;
  const [chat, character, books] = await Promise.all([
    userId && conversationId ? findChatFacts(db, conversationId) : null,
    userId && conversationId ? null : characterFacts(db, query.characterId),
    userId ? listActiveChatBooks(db, userId, conversationId) : [],
  ]);
  const sources: LoreSource[] = [];
  const owned = chat !== null && chat.userId === userId;
  const embeddedFacts = owned ? chat.character : character;
  const embedded =
    embeddedFacts && (!owned || chat.characterBookEnabled) ? characterBookOf(embeddedFacts) : null;
  if (embedded && embeddedFacts) {
    sources.push({ kind: "character", id: embeddedFacts.id, name: embedded.name, book: embedded });
  }
  // Books of a conversation that is not the member's never apply (the generation refuses it anyway).
  if (conversationId && !owned) return sources;
  for (const row of books) {
    const book = bookOf(row);
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
