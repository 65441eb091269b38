import type { Lorebook } from "@hearth/contracts";
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  type CharacterRow,
  type ConversationRow,
  characters,
  conversationCharacters,
  conversationLorebooks,
  conversations,
  type LorebookRow,
  lorebooks,
  messages,
} from "../../db/schema";

export function listLorebooks(db: Database, userId: string): Promise<LorebookRow[]> {
  return db
    .select()
    .from(lorebooks)
    .where(eq(lorebooks.userId, userId))
    .orderBy(desc(lorebooks.updatedAt), desc(lorebooks.id));
}

export async function findLorebook(db: Database, id: string): Promise<LorebookRow | null> {
  const [row] = await db.select().from(lorebooks).where(eq(lorebooks.id, id)).limit(1);
  return row ?? null;
}

/** The book locked until the transaction ends, so two edits of its entries cannot lose each other. */
export async function findLorebookForUpdate(db: Database, id: string): Promise<LorebookRow | null> {
  const [row] = await db.select().from(lorebooks).where(eq(lorebooks.id, id)).for("update");
  return row ?? null;
}

export async function countLorebooks(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(lorebooks)
    .where(eq(lorebooks.userId, userId));
  return row?.count ?? 0;
}

export async function insertLorebook(
  db: Database,
  userId: string,
  book: Lorebook,
  allChats: boolean,
): Promise<LorebookRow> {
  const [row] = await db
    .insert(lorebooks)
    .values({ userId, name: book.name, entryCount: book.entries.length, book, allChats })
    .returning();
  if (!row) throw new Error("Inserting a lorebook returned no row");
  return row;
}

export async function updateLorebook(
  db: Database,
  id: string,
  book: Lorebook,
  allChats?: boolean,
): Promise<LorebookRow> {
  const [row] = await db
    .update(lorebooks)
    .set({
      name: book.name,
      entryCount: book.entries.length,
      book,
      ...(allChats === undefined ? {} : { allChats }),
      updatedAt: sql`now()`,
    })
    .where(eq(lorebooks.id, id))
    .returning();
  if (!row) throw new Error(`Lorebook ${id} vanished during an update`);
  return row;
}

export async function deleteLorebook(db: Database, id: string): Promise<void> {
  await db.delete(lorebooks).where(eq(lorebooks.id, id));
}

/* Per chat ------------------------------------------------------------------------------------------ */

export type ChatFacts = Pick<ConversationRow, "id" | "userId" | "characterId" | "characterBookEnabled">;

/** The conversation's owner and switches, or null when it does not exist. */
export async function findChatFacts(db: Database, conversationId: string): Promise<ChatFacts | null> {
  const [row] = await db
    .select({
      id: conversations.id,
      userId: conversations.userId,
      characterId: conversations.characterId,
      characterBookEnabled: conversations.characterBookEnabled,
    })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .limit(1);
  return row ?? null;
}

export type ChatCharacter = Pick<
  CharacterRow,
  | "id"
  | "name"
  | "creatorUserId"
  | "definitionVisible"
  | "isDeleted"
  | "isUnderage"
  | "isNsfw"
  | "visibility"
  | "moderationStatus"
  | "updatedAt"
> & {
  /** card_extras.character_book as stored (any card version's shape), or null. */
  characterBook: unknown;
};

const chatCharacterColumns = {
  id: characters.id,
  name: characters.name,
  creatorUserId: characters.creatorUserId,
  definitionVisible: characters.definitionVisible,
  isDeleted: characters.isDeleted,
  isUnderage: characters.isUnderage,
  isNsfw: characters.isNsfw,
  visibility: characters.visibility,
  moderationStatus: characters.moderationStatus,
  updatedAt: characters.updatedAt,
  characterBook: sql<unknown>`${characters.cardExtras}->'character_book'`,
};

/**
 * The characters of a chat with their embedded books: its character, and in a group chat every member
 * in list order (the conversation's own character first).
 */
export function listChatCharacters(db: Database, conversationId: string): Promise<ChatCharacter[]> {
  const own = sql`(select c.character_id from ${conversations} c where c.id = ${conversationId})`;
  return db
    .select(chatCharacterColumns)
    .from(characters)
    .leftJoin(
      conversationCharacters,
      and(
        eq(conversationCharacters.characterId, characters.id),
        eq(conversationCharacters.conversationId, conversationId),
      ),
    )
    .where(or(sql`${characters.id} = ${own}`, sql`${conversationCharacters.characterId} is not null`))
    .orderBy(sql`(${characters.id} = ${own}) desc`, conversationCharacters.position, characters.id);
}

/** One character with its embedded book (a chat not saved yet, or a guest's). */
export async function findBookCharacter(db: Database, characterId: string): Promise<ChatCharacter | null> {
  const [row] = await db.select(chatCharacterColumns).from(characters).where(eq(characters.id, characterId));
  return row ?? null;
}

export type ChatBookRow = {
  id: string;
  name: string;
  entryCount: number;
  allChats: boolean;
  /** This chat's row: null when the book applies only as an all-chats book. */
  chatEnabled: boolean | null;
};

/** The join of a book with its row for this chat (attached, or switched off there), if it has one. */
function chatLinkOf(conversationId: string) {
  return and(
    eq(conversationLorebooks.lorebookId, lorebooks.id),
    eq(conversationLorebooks.conversationId, conversationId),
  );
}

/** The member's books attached to this chat or used in all chats, with this chat's switch. */
export function listChatBooks(db: Database, userId: string, conversationId: string): Promise<ChatBookRow[]> {
  return db
    .select({
      id: lorebooks.id,
      name: lorebooks.name,
      entryCount: lorebooks.entryCount,
      allChats: lorebooks.allChats,
      chatEnabled: conversationLorebooks.enabled,
    })
    .from(lorebooks)
    .leftJoin(conversationLorebooks, chatLinkOf(conversationId))
    .where(
      and(
        eq(lorebooks.userId, userId),
        or(eq(lorebooks.allChats, true), sql`${conversationLorebooks.lorebookId} is not null`),
      ),
    )
    .orderBy(lorebooks.name, lorebooks.id);
}

const activeBookFields = { id: lorebooks.id, updatedAt: lorebooks.updatedAt, book: lorebooks.book };

/** The books that apply to a chat and are on there, whole (for a generation). */
export function listActiveChatBooks(
  db: Database,
  userId: string,
  conversationId: string | null,
): Promise<{ id: string; updatedAt: Date; book: Record<string, unknown>; attached: boolean }[]> {
  if (conversationId === null) {
    return db
      .select({ ...activeBookFields, attached: sql<boolean>`false` })
      .from(lorebooks)
      .where(and(eq(lorebooks.userId, userId), eq(lorebooks.allChats, true)))
      .orderBy(lorebooks.id);
  }
  return db
    .select({
      ...activeBookFields,
      attached: sql<boolean>`(${conversationLorebooks.lorebookId} is not null)`,
    })
    .from(lorebooks)
    .leftJoin(conversationLorebooks, chatLinkOf(conversationId))
    .where(
      and(
        eq(lorebooks.userId, userId),
        or(
          and(eq(lorebooks.allChats, true), sql`coalesce(${conversationLorebooks.enabled}, true)`),
          eq(conversationLorebooks.enabled, true),
        ),
      ),
    )
    .orderBy(lorebooks.id);
}

export async function setChatBook(
  db: Database,
  conversationId: string,
  lorebookId: string,
  enabled: boolean,
): Promise<void> {
  await db
    .insert(conversationLorebooks)
    .values({ conversationId, lorebookId, enabled })
    .onConflictDoUpdate({
      target: [conversationLorebooks.conversationId, conversationLorebooks.lorebookId],
      set: { enabled },
    });
}

export async function removeChatBook(
  db: Database,
  conversationId: string,
  lorebookId: string,
): Promise<void> {
  await db
    .delete(conversationLorebooks)
    .where(
      and(
        eq(conversationLorebooks.conversationId, conversationId),
        eq(conversationLorebooks.lorebookId, lorebookId),
      ),
    );
}

export async function setCharacterBookEnabled(
  db: Database,
  conversationId: string,
  enabled: boolean,
): Promise<void> {
  await db
    .update(conversations)
    .set({ characterBookEnabled: enabled })
    .where(eq(conversations.id, conversationId));
}

/** The newest bot message of the conversation and its prompt report. */
export async function findLastReplyReport(
  db: Database,
  conversationId: string,
): Promise<{ id: string; promptReport: Record<string, unknown> | null } | null> {
  const [row] = await db
    .select({ id: messages.id, promptReport: messages.promptReport })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.role, "bot")))
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return row ?? null;
}
