import { and, asc, desc, eq, getTableColumns, gte, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import {
  type ConversationRow,
  characters,
  conversations,
  type MessageRow,
  messageRatings,
  messages,
  users,
} from "../../../db/schema";
import { contentVisibleFilter, type Viewer } from "../../characters/index";

export type RatedMessage = MessageRow & { rating: number | null; ratingLabel: string | null };

export type ConversationListRow = ConversationRow & {
  character: {
    id: string;
    name: string;
    title: string;
    avatarUrl: string | null;
    avatarIsNsfw: boolean;
    creatorUserId: string;
    creatorUsername: string | null;
  };
  lastMessageContent: string | null;
  lastMessageAt: Date | string | null;
  /** A group chat's characters in list order (null for a chat with one character). */
  groupMembers: GroupMemberSummaryRow[] | null;
};

/** A group chat's character as the conversation lists read it. */
export type GroupMemberSummaryRow = {
  id: string;
  name: string;
  avatarUrl: string | null;
  avatarIsNsfw: boolean;
  creatorUserId: string;
  muted: boolean;
  position: number;
};

/**
 * Whose chat history is read: the member, and the brand their character policies apply. A conversation
 * with a character whose content hides it from them (flagged underage, NSFW on the safe-for-work brand)
 * is left out of every read below, as if it did not exist (characters' `see_chat`).
 */
export type HistoryOwner = Pick<Viewer, "brand"> & { userId: string };

export async function findOwnConversation(
  db: Database,
  id: string,
  owner: HistoryOwner,
): Promise<ConversationRow | null> {
  const [row] = await db
    .select(getTableColumns(conversations))
    .from(conversations)
    .innerJoin(characters, eq(characters.id, conversations.characterId))
    .where(
      and(eq(conversations.id, id), eq(conversations.userId, owner.userId), contentVisibleFilter(owner)),
    );
  return row ?? null;
}

/** Newest activity first, keyset-paginated on (updated_at, id); fetches one extra row to tell if more exist. */
export function listConversations(
  db: Database,
  options: HistoryOwner & { limit: number; lastId?: string; characterId?: string; id?: string },
): Promise<ConversationListRow[]> {
  const filters: SQL[] = [eq(conversations.userId, options.userId), contentVisibleFilter(options)];
  if (options.characterId) filters.push(eq(conversations.characterId, options.characterId));
  if (options.id) filters.push(eq(conversations.id, options.id));
  if (options.lastId) {
    filters.push(
      sql`(${conversations.updatedAt}, ${conversations.id}) < (select c.updated_at, c.id from conversations c where c.id = ${options.lastId} and c.user_id = ${options.userId})`,
    );
  }
  return db
    .select({
      ...conversationColumns,
      character: {
        id: characters.id,
        name: characters.name,
        title: characters.title,
        avatarUrl: characters.avatarUrl,
        avatarIsNsfw: characters.avatarIsNsfw,
        creatorUserId: characters.creatorUserId,
        creatorUsername: users.username,
      },
      lastMessageContent: sql<
        string | null
      >`(select m.content from messages m where m.conversation_id = ${conversations.id} order by m.created_at desc limit 1)`,
      lastMessageAt: sql<
        Date | string | null
      >`(select m.created_at from messages m where m.conversation_id = ${conversations.id} order by m.created_at desc limit 1)`,
      groupMembers: sql<
        GroupMemberSummaryRow[] | null
      >`case when ${conversations.groupMode} is null then null else (select json_agg(json_build_object('id', gc.id, 'name', gc.name, 'avatarUrl', gc.avatar_url, 'avatarIsNsfw', gc.avatar_is_nsfw, 'creatorUserId', gc.creator_user_id, 'muted', cc.muted, 'position', cc.position) order by cc.position) from conversation_characters cc join characters gc on gc.id = cc.character_id where cc.conversation_id = ${conversations.id}) end`,
    })
    .from(conversations)
    .innerJoin(characters, eq(characters.id, conversations.characterId))
    .leftJoin(users, eq(users.id, characters.creatorUserId))
    .where(and(...filters))
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(options.limit + 1);
}

const conversationColumns = {
  id: conversations.id,
  userId: conversations.userId,
  characterId: conversations.characterId,
  userPersonaId: conversations.userPersonaId,
  label: conversations.label,
  oldestIncludedMessageId: conversations.oldestIncludedMessageId,
  messagesSinceSummary: conversations.messagesSinceSummary,
  groupMode: conversations.groupMode,
  characterBookEnabled: conversations.characterBookEnabled,
  importMeta: conversations.importMeta,
  createdAt: conversations.createdAt,
  updatedAt: conversations.updatedAt,
};

const ratedMessageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  role: messages.role,
  content: messages.content,
  status: messages.status,
  alternates: messages.alternates,
  alternateIndex: messages.alternateIndex,
  imageUrl: messages.imageUrl,
  imagePrompt: messages.imagePrompt,
  imageIsNsfw: messages.imageIsNsfw,
  personaName: messages.personaName,
  characterId: messages.characterId,
  promptReport: messages.promptReport,
  extras: messages.extras,
  createdAt: messages.createdAt,
  rating: messageRatings.rating,
  ratingLabel: messageRatings.label,
};

/** All messages of a conversation in order, in one index-backed query. */
export function listMessages(db: Database, conversationId: string): Promise<RatedMessage[]> {
  return db
    .select(ratedMessageColumns)
    .from(messages)
    .leftJoin(messageRatings, eq(messageRatings.messageId, messages.id))
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

/**
 * All messages of a conversation in order when it is `userId`'s, else none: the owner is part of the
 * query (conversations' `manage` rule), so another member's messages are never read.
 */
export function listOwnMessages(
  db: Database,
  conversationId: string,
  userId: string,
): Promise<RatedMessage[]> {
  return db
    .select(ratedMessageColumns)
    .from(messages)
    .innerJoin(
      conversations,
      and(eq(conversations.id, messages.conversationId), eq(conversations.userId, userId)),
    )
    .leftJoin(messageRatings, eq(messageRatings.messageId, messages.id))
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

/**
 * One page of a conversation's messages, oldest first: the `limit` messages just before or just after the
 * cursor message (the newest ones without a cursor), with whether more lie beyond the page on each side.
 * Null when the cursor is not a message of this conversation.
 */
export async function listMessagePage(
  db: Database,
  conversationId: string,
  page: { beforeId?: string; afterId?: string; limit: number },
): Promise<{ rows: RatedMessage[]; hasMoreBefore: boolean; hasMoreAfter: boolean } | null> {
  const cursorId = page.beforeId ?? page.afterId;
  if (cursorId) {
    const [row] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, cursorId), eq(messages.conversationId, conversationId)));
    if (!row) return null;
  }
  const forward = page.afterId !== undefined;
  const conditions: SQL[] = [eq(messages.conversationId, conversationId)];
  if (cursorId) {
    // Keyset on (created_at, id), so messages saved at the same instant (an imported chat) are neither
    // skipped nor repeated; the range is read from messages_conversation_created_idx. Compared in SQL: a
    // JavaScript Date keeps milliseconds, the column keeps microseconds.
    const cursorTime = sql`(select m.created_at from ${messages} m where m.id = ${cursorId})`;
    const cursor = sql`(select m.created_at, m.id from ${messages} m where m.id = ${cursorId})`;
    const key = sql`(${messages.createdAt}, ${messages.id})`;
    // The time bound is the index's range; the row comparison breaks ties.
    conditions.push(
      forward
        ? sql`${messages.createdAt} >= ${cursorTime} and ${key} > ${cursor}`
        : sql`${messages.createdAt} <= ${cursorTime} and ${key} < ${cursor}`,
    );
  }
  const cursor = cursorId ?? null;
  const rows = await db
    .select(ratedMessageColumns)
    .from(messages)
    .leftJoin(messageRatings, eq(messageRatings.messageId, messages.id))
    .where(and(...conditions))
    .orderBy(
      ...(forward
        ? [asc(messages.createdAt), asc(messages.id)]
        : [desc(messages.createdAt), desc(messages.id)]),
    )
    .limit(page.limit + 1);
  const more = rows.length > page.limit;
  const pageRows = rows.slice(0, page.limit);
  if (!forward) pageRows.reverse();
  return {
    rows: pageRows,
    hasMoreBefore: forward ? cursor !== null : more,
    hasMoreAfter: forward ? more : cursor !== null,
  };
}

/** How many messages a conversation has. */
export async function countMessages(db: Database, conversationId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(eq(messages.conversationId, conversationId));
  return row?.count ?? 0;
}

/**
 * A message of one of `userId`'s conversations, with its conversation's character, for the owner-only
 * message actions; null for anyone else's (the owner is part of the query: conversations' `manage` rule).
 */
export async function findOwnMessage(
  db: Database,
  id: string,
  userId: string,
): Promise<{ message: RatedMessage; characterId: string } | null> {
  const [row] = await db
    .select({ message: ratedMessageColumns, characterId: conversations.characterId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(messageRatings, eq(messageRatings.messageId, messages.id))
    .where(and(eq(messages.id, id), eq(conversations.userId, userId)));
  return row ?? null;
}

export async function insertConversation(
  db: Database,
  values: {
    userId: string;
    characterId: string;
    userPersonaId: string | null;
    label?: string | null;
    importMeta?: Record<string, unknown> | null;
  },
): Promise<ConversationRow> {
  const [row] = await db.insert(conversations).values(values).returning();
  if (!row) throw new Error("Conversation insert returned nothing");
  return row;
}

export async function updateMessage(
  db: Database,
  id: string,
  values: Partial<Pick<MessageRow, "content" | "status" | "alternates" | "alternateIndex">>,
): Promise<MessageRow> {
  const [row] = await db.update(messages).set(values).where(eq(messages.id, id)).returning();
  if (!row) throw new Error("Message update found nothing");
  return row;
}

export async function updateConversation(
  db: Database,
  id: string,
  values: Partial<Pick<ConversationRow, "label" | "userPersonaId" | "oldestIncludedMessageId">>,
): Promise<void> {
  await db.update(conversations).set(values).where(eq(conversations.id, id));
}

export async function deleteConversation(db: Database, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
    .returning({ id: conversations.id });
  return rows.length > 0;
}

/** Removes the message created at `from` and every later one; answers how many. */
export async function deleteMessagesFrom(db: Database, conversationId: string, from: Date): Promise<number> {
  const rows = await db
    .delete(messages)
    .where(and(eq(messages.conversationId, conversationId), gte(messages.createdAt, from)))
    .returning({ id: messages.id });
  return rows.length;
}

/** Copies messages (content, versions, timestamps; not ratings) into another conversation in one statement. */
export async function copyMessages(
  db: Database,
  fromConversationId: string,
  toConversationId: string,
  upTo: Date | null,
): Promise<void> {
  const until = upTo ? sql`and created_at <= ${upTo.toISOString()}::timestamptz` : sql``;
  await db.execute(sql`
    insert into messages (conversation_id, role, content, status, alternates, alternate_index, image_url, image_prompt, persona_name, character_id, extras, created_at)
    select ${toConversationId}::uuid, role, content, status, alternates, alternate_index, image_url, image_prompt, persona_name, character_id, extras, created_at
    from messages where conversation_id = ${fromConversationId}::uuid ${until}`);
}
