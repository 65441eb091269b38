import type { Lorebook } from "@hearth/contracts";
import { and, desc, eq, or, type SQL, sql } from "drizzle-orm";
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
import { announceChange } from "../../kernel/change-feed";

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
  announceChange("lorebooks", userId);
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
  announceChange("lorebooks", row.userId);
  return row;
}

export async function deleteLorebook(db: Database, id: string): Promise<void> {
  const [row] = await db
    .delete(lorebooks)
    .where(eq(lorebooks.id, id))
    .returning({ userId: lorebooks.userId });
  if (row) announceChange("lorebooks", row.userId);
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

type LoreCharacterRow = { id: string; updatedAt: Date; characterBook: unknown };
export type LoreBookRow = {
  id: string;
  updatedAt: Date;
  book: Record<string, unknown>;
  attached: boolean;
};
/** A row as json gives it: its timestamp as text. */
type AsJson<T extends { updatedAt: Date }> = Omit<T, "updatedAt"> & { updatedAt: string };

export type LoreSourceRows = {
  /**
   * Whether the chat reads its characters' embedded books; null when the conversation is saved but is
   * not this member's (or does not exist). True for a chat not saved yet.
   */
  characterBookEnabled: boolean | null;
  /** The characters whose embedded books apply (none when the chat turned them off), in list order. */
  characters: LoreCharacterRow[];
  /** The member's books that are on in this chat, by id; `attached`: this chat has its own row for it. */
  books: LoreBookRow[];
};

/** Characters with their embedded books, as a json array (`[]` when none). */
function characterArray(from: SQL, where: SQL, order: SQL): SQL<AsJson<LoreCharacterRow>[]> {
  return sql`coalesce((select json_agg(json_build_object('id', ch.id, 'updatedAt', ch.updated_at, 'characterBook', ch.card_extras->'character_book') order by ${order}) ${from} where ${where}), '[]'::json)`;
}

/** Members' books, whole, as a json array by id (`[]` when none). */
function bookArray(from: SQL, attached: SQL, where: SQL): SQL<AsJson<LoreBookRow>[]> {
  return sql`coalesce((select json_agg(json_build_object('id', l.id, 'updatedAt', l.updated_at, 'book', l.book, 'attached', ${attached}) order by l.id) ${from} where ${where}), '[]'::json)`;
}

/** A saved conversation's: each part only when the conversation is this member's. */
function savedChatFields(userId: string, conversationId: string) {
  const owned = sql`(select cv.character_id, cv.character_book_enabled from ${conversations} cv where cv.id = ${conversationId} and cv.user_id = ${userId})`;
  return {
    characterBookEnabled: sql<boolean | null>`(select o.character_book_enabled from ${owned} o)`,
    characters: characterArray(
      sql`from ${characters} ch cross join ${owned} o left join ${conversationCharacters} cc on cc.character_id = ch.id and cc.conversation_id = ${conversationId}`,
      sql`o.character_book_enabled and (ch.id = o.character_id or cc.character_id is not null)`,
      sql`(ch.id = o.character_id) desc, cc.position, ch.id`,
    ),
    books: bookArray(
      sql`from ${lorebooks} l left join ${conversationLorebooks} cl on cl.lorebook_id = l.id and cl.conversation_id = ${conversationId}`,
      sql`cl.lorebook_id is not null`,
      sql`l.user_id = ${userId} and ((l.all_chats and coalesce(cl.enabled, true)) or cl.enabled) and exists ${owned}`,
    ),
  };
}

/** A chat not saved yet (or a guest's): the character, and a member's all-chats books. */
function newChatFields(characterId: string, userId: string | null) {
  return {
    characterBookEnabled: sql<boolean | null>`true`,
    characters: characterArray(sql`from ${characters} ch`, sql`ch.id = ${characterId}`, sql`ch.id`),
    books:
      userId === null
        ? sql<AsJson<LoreBookRow>[]>`'[]'::json`
        : bookArray(sql`from ${lorebooks} l`, sql`false`, sql`l.user_id = ${userId} and l.all_chats`),
  };
}

/**
 * What a reply's lorebooks are read from, in one round trip (one per reply matters: a statement's round
 * trip costs more CPU than the rest of the read). A saved conversation (`userId` and `conversationId`
 * set): its switch, its characters (the conversation's own first, then a group's members by position;
 * none when the chat turned their books off) and the member's books on there (attached to it and
 * enabled, or all-chats and not turned off here), each only when the conversation is this member's.
 * Otherwise `characterId`, and for a member the all-chats books. The subqueries compare with parameters,
 * never with the outer query's columns (Drizzle writes those unqualified).
 */
export async function findLoreSourceRows(
  db: Database,
  query: { characterId: string; userId: string | null; conversationId: string | null },
): Promise<LoreSourceRows> {
  const { characterId, userId, conversationId } = query;
  const fields =
    userId !== null && conversationId !== null
      ? savedChatFields(userId, conversationId)
      : newChatFields(characterId, userId);
  // No table to read from: one row of subqueries.
  const [row] = await db.select(fields).from(sql`(select) as one`);
  if (!row) throw new Error("Reading a reply's lore sources returned no row");
  // json gives timestamps as text; the callers' caches key on the Date.
  return {
    characterBookEnabled: row.characterBookEnabled,
    characters: row.characters.map((item) => ({ ...item, updatedAt: new Date(item.updatedAt) })),
    books: row.books.map((item) => ({ ...item, updatedAt: new Date(item.updatedAt) })),
  };
}

/** A member's all-chats books, as a chat not saved yet reads them (by id, like findLoreSourceRows). */
export async function findAllChatsBooks(db: Database, userId: string): Promise<LoreBookRow[]> {
  const rows = await db
    .select({ id: lorebooks.id, updatedAt: lorebooks.updatedAt, book: lorebooks.book })
    .from(lorebooks)
    .where(and(eq(lorebooks.userId, userId), eq(lorebooks.allChats, true)))
    .orderBy(lorebooks.id);
  return rows.map((row) => ({ ...row, attached: false }));
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
