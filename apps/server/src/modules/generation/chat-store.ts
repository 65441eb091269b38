import { randomUUID } from "node:crypto";
import { GUEST_CONVERSATION_TTL_MS, type MessageRole } from "@hearth/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { characters, conversations, type MessageRow, memories, messages } from "../../db/schema";
import { nextMessageTime } from "../conversations/clock";
import { listMessages } from "../conversations/repository";
import type { UserTurnWriter } from "./user-turn-writer";

export type StoredConversation = {
  id: string;
  characterId: string;
  userPersonaId: string | null;
  messagesSinceSummary: number;
};

export type ReplyWrite = Pick<MessageRow, "content" | "status" | "alternates" | "alternateIndex">;

/** A message row built by the application, so the prompt and the stream need not wait for its insert. */
export function newMessage(conversationId: string, role: MessageRole, content: string): MessageRow {
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
    createdAt: nextMessageTime(),
  };
}

/**
 * Where a generation reads and writes its conversation: the database for members, memory for guests
 * (guests chat with nothing saved). The generation service is the same for both.
 */
export type ChatStore = {
  readonly persistent: boolean;
  /** The conversation with its pinned memories' texts (oldest first), when it is this user's. */
  find(id: string): Promise<(StoredConversation & { pinnedMemories: string[] }) | null>;
  messages(conversationId: string): Promise<MessageRow[]>;
  /** Saves a new conversation (id chosen by the caller) with its first messages, all or nothing. */
  create(conversation: StoredConversation, firstMessages: MessageRow[]): Promise<void>;
  addMessage(message: MessageRow): Promise<void>;
  /**
   * Writes the reply (a new bot message, or a new version of `target`), marks the conversation's activity
   * and counts the message on the character.
   */
  saveReply(
    conversationId: string,
    characterId: string,
    target: MessageRow | null,
    reply: ReplyWrite,
    oldestIncludedMessageId: string | null,
  ): Promise<{ message: MessageRow; conversation: StoredConversation }>;
};

/**
 * Members' conversations; each write is one statement, so it is all or nothing without a transaction.
 * The user's turn goes through the shared group-commit writer.
 */
export function databaseChatStore(db: Database, userTurns: UserTurnWriter, userId: string): ChatStore {
  return {
    persistent: true,
    create({ id, characterId, userPersonaId }, firstMessages) {
      return userTurns.save({
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
    messages: (conversationId) => listMessages(db, conversationId),
    addMessage(message) {
      return userTurns.save({ conversation: null, messages: [message] });
    },
    async saveReply(conversationId, characterId, target, reply, oldestIncludedMessageId) {
      const message: MessageRow = target
        ? { ...target, ...reply }
        : { ...newMessage(conversationId, "bot", reply.content), ...reply };
      const written = db
        .$with("written")
        .as(
          target
            ? db.update(messages).set(reply).where(eq(messages.id, target.id)).returning({ id: messages.id })
            : db.insert(messages).values(message).returning({ id: messages.id }),
        );
      const counted = db.$with("counted").as(
        db
          .update(characters)
          .set({ numMessages: sql`${characters.numMessages} + 1` })
          .where(eq(characters.id, characterId))
          .returning({ id: characters.id }),
      );
      const [conversation] = await db
        .with(written, counted)
        .update(conversations)
        .set({
          oldestIncludedMessageId,
          messagesSinceSummary: sql`${conversations.messagesSinceSummary} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(conversations.id, conversationId))
        .returning();
      if (!conversation) throw new Error("The conversation is gone");
      return { message, conversation };
    },
  };
}

type GuestConversation = StoredConversation & { messages: MessageRow[] };
type GuestSession = {
  messagesSent: number;
  conversations: Map<string, GuestConversation>;
  expiresAt: number;
};

/**
 * Guests' conversations, in this process's memory only, dropped after GUEST_CONVERSATION_TTL_MS without
 * activity. One process serves them; behind several instances, replace with a shared store of this shape.
 */
export class GuestStore {
  private readonly sessions = new Map<string, GuestSession>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly ttlMs = GUEST_CONVERSATION_TTL_MS) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(ttlMs, 60_000));
    this.sweeper.unref();
  }

  session(guestId: string): GuestSession {
    const now = Date.now();
    let session = this.sessions.get(guestId);
    if (!session || session.expiresAt <= now) {
      session = { messagesSent: 0, conversations: new Map(), expiresAt: 0 };
      this.sessions.set(guestId, session);
    }
    session.expiresAt = now + this.ttlMs;
    return session;
  }

  /** The guest's conversation with its messages, or null. */
  conversation(guestId: string, id: string): GuestConversation | null {
    return this.sessions.get(guestId)?.conversations.get(id) ?? null;
  }

  chatStore(guestId: string): ChatStore {
    const session = this.session(guestId);
    const find = (id: string) => session.conversations.get(id) ?? null;
    return {
      persistent: false,
      async create(conversation, firstMessages) {
        session.conversations.set(conversation.id, { ...conversation, messages: [...firstMessages] });
      },
      async find(id) {
        const conversation = find(id);
        return conversation && { ...conversation, pinnedMemories: [] };
      },
      messages: async (conversationId) => [...(find(conversationId)?.messages ?? [])],
      async addMessage(message) {
        find(message.conversationId)?.messages.push(message);
      },
      async saveReply(conversationId, _characterId, target, reply, _oldest) {
        const conversation = find(conversationId);
        if (!conversation) throw new Error("Guest conversation expired");
        const existing = target ? conversation.messages.find((m) => m.id === target.id) : undefined;
        const saved = existing ?? newMessage(conversationId, "bot", reply.content);
        Object.assign(saved, reply);
        if (!existing) conversation.messages.push(saved);
        return { message: saved, conversation };
      },
    };
  }

  sweep(): void {
    const now = Date.now();
    for (const [guestId, session] of this.sessions) {
      if (session.expiresAt <= now) this.sessions.delete(guestId);
    }
  }

  close(): void {
    clearInterval(this.sweeper);
    this.sessions.clear();
  }
}
