import { randomUUID } from "node:crypto";
import { GUEST_CHAT_CAPS, type MessageRole } from "@hearth/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { characters, conversations, type MessageRow, memories, messages } from "../../../db/schema";
import { nextMessageTime } from "../conversations/clock";
import { listOwnMessages } from "../conversations/repository";
import type { ChatWriter } from "./chat-writer";

export type StoredConversation = {
  id: string;
  characterId: string;
  userPersonaId: string | null;
  messagesSinceSummary: number;
};

/** `promptReport` left out: a reply written without one (the stored one stays on a new version). */
export type ReplyWrite = Pick<MessageRow, "content" | "status" | "alternates" | "alternateIndex"> &
  Partial<Pick<MessageRow, "promptReport" | "characterId" | "imageUrl" | "imagePrompt" | "imageIsNsfw">>;

/** A message row built by the application, so the prompt and the stream need not wait for its insert. */
export function newMessage(
  conversationId: string,
  role: MessageRole,
  content: string,
  personaName: string | null = null,
): MessageRow {
  return {
    id: randomUUID(),
    conversationId,
    role,
    content,
    status: "complete",
    alternates: [],
    alternateIndex: 0,
    imageUrl: null,
    imagePrompt: null,
    imageIsNsfw: false,
    personaName: role === "user" ? personaName : null,
    characterId: null,
    promptReport: null,
    extras: null,
    createdAt: nextMessageTime(),
  };
}

/**
 * Where a generation reads and writes its conversation: the database for members, the guest store for
 * guests (guests chat with nothing saved). The generation service is the same for both.
 */
export type ChatStore = {
  readonly persistent: boolean;
  /** The conversation with its pinned memories' texts (oldest first), when it is this user's. */
  find(id: string): Promise<(StoredConversation & { pinnedMemories: string[] }) | null>;
  /** The conversation's messages, oldest first, when it is this user's (none otherwise). */
  messages(conversationId: string): Promise<MessageRow[]>;
  /** Saves a new conversation (id chosen by the caller) with its first messages, all or nothing. */
  create(conversation: StoredConversation, firstMessages: MessageRow[]): Promise<void>;
  addMessage(message: MessageRow): Promise<void>;
  /**
   * Writes the reply (a new bot message, or a new version of `target`), marks the conversation's activity
   * and counts the message on the character. `reply` gets the target's current state (null for a new
   * message), read under a lock on the message, and may throw to refuse the write.
   * `oldestIncludedMessageId` undefined leaves the conversation's memory cut-off as it is (an older reply
   * regenerated).
   */
  saveReply(
    conversationId: string,
    characterId: string,
    target: MessageRow | null,
    reply: (current: MessageRow | null) => ReplyWrite,
    oldestIncludedMessageId: string | null | undefined,
  ): Promise<{ message: MessageRow; conversation: StoredConversation }>;
};

/**
 * Members' conversations; each write is one statement, so it is all or nothing without a transaction.
 * The user's turn and a new reply go through the shared group-commit writer.
 */
export function databaseChatStore(db: Database, writer: ChatWriter, userId: string): ChatStore {
  return {
    persistent: true,
    create({ id, characterId, userPersonaId }, firstMessages) {
      return writer.saveTurn({
        conversation: { id, userId, characterId, userPersonaId },
        messages: firstMessages,
      });
    },
    async find(id) {
      const [row] = await db
        .select({
          id: conversations.id,
          characterId: conversations.characterId,
          userPersonaId: conversations.userPersonaId,
          messagesSinceSummary: conversations.messagesSinceSummary,
          pinnedMemories: sql<
            string[]
          >`coalesce((select json_agg(m.content order by m.created_at) from ${memories} m where m.conversation_id = ${id} and m.pinned), '[]'::json)`,
        })
        .from(conversations)
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)));
      return row ?? null;
    },
    messages: (conversationId) => listOwnMessages(db, conversationId, userId),
    addMessage(message) {
      return writer.saveTurn({ conversation: null, messages: [message] });
    },
    async saveReply(conversationId, characterId, target, reply, oldestIncludedMessageId) {
      if (target)
        return saveNewVersion(db, conversationId, characterId, target.id, reply, oldestIncludedMessageId);
      const write = reply(null);
      const message: MessageRow = { ...newMessage(conversationId, "bot", write.content), ...write };
      const conversation = await writer.saveReply({ message, characterId, oldestIncludedMessageId });
      return { message, conversation };
    },
  };
}

const countedOn = (db: Database, characterId: string) =>
  db.$with("counted").as(
    db
      .update(characters)
      .set({ numMessages: sql`${characters.numMessages} + 1` })
      .where(eq(characters.id, characterId))
      .returning({ id: characters.id }),
  );

const conversationActivity = (oldestIncludedMessageId: string | null | undefined) => ({
  ...(oldestIncludedMessageId === undefined ? {} : { oldestIncludedMessageId }),
  messagesSinceSummary: sql`${conversations.messagesSinceSummary} + 1`,
  updatedAt: sql`now()`,
});

/**
 * A new version (regenerate) or a continuation of a stored message: one transaction that locks the
 * message row and computes the write from what is stored now, so writers on several instances neither
 * lose each other's versions nor pass the caps `reply` checks.
 */
function saveNewVersion(
  db: Database,
  conversationId: string,
  characterId: string,
  messageId: string,
  reply: (current: MessageRow) => ReplyWrite,
  oldestIncludedMessageId: string | null | undefined,
): Promise<{ message: MessageRow; conversation: StoredConversation }> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)))
      .for("update");
    if (!current) throw new Error("The message is gone");
    const write = reply(current);
    await tx.update(messages).set(write).where(eq(messages.id, messageId));
    const [conversation] = await tx
      .with(countedOn(tx, characterId))
      .update(conversations)
      .set(conversationActivity(oldestIncludedMessageId))
      .where(eq(conversations.id, conversationId))
      .returning();
    if (!conversation) throw new Error("The conversation is gone");
    return { message: { ...current, ...write }, conversation };
  });
}

export type GuestConversation = StoredConversation & { messages: MessageRow[] };

/**
 * Guests' conversations (nothing of theirs is saved in the database) and their message counts, dropped
 * after GUEST_CONVERSATION_TTL_MS without activity. Each guest's conversations are kept within a byte
 * budget, their least recently used ones dropped first, never the one being written; dropping them never
 * resets the guest's message count. In this process by default (in-process-guest-store.ts); over Redis
 * when instances share one (redis-guest-store.ts). Both pass the same tests (test/guest-store.int.test.ts).
 */
export interface GuestStore {
  /**
   * Counts one message of the guest's `limit` for this session, atomically (two instances never both let
   * the last one through); false when none is left, and nothing is counted.
   */
  countMessage(guestId: string, limit: number): Promise<boolean>;
  /** The guest's conversation with its messages, or null; reading it is no activity. */
  conversation(guestId: string, id: string): Promise<GuestConversation | null>;
  /** Where a guest's generation reads and writes; every call is activity (it keeps the guest alive). */
  chatStore(guestId: string): ChatStore;
  close(): void;
}

/** Estimated memory of a message: UTF-16 text (every version) plus a fixed overhead. */
export function guestMessageBytes(message: MessageRow): number {
  let chars = message.content.length;
  for (const version of message.alternates) chars += version.length;
  return chars * 2 + GUEST_CHAT_CAPS.messageOverheadBytes;
}
