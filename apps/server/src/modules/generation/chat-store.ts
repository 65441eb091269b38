import { randomUUID } from "node:crypto";
import { GUEST_CONVERSATION_TTL_MS, type MessageRole } from "@hearth/contracts";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type MessageRow, memories } from "../../db/schema";
import { nextMessageTime } from "../conversations/clock";
import {
  findOwnConversation,
  insertConversation,
  insertMessage,
  listMessages,
  touchConversation,
  updateMessage,
} from "../conversations/repository";

export type StoredConversation = {
  id: string;
  characterId: string;
  userPersonaId: string | null;
  messagesSinceSummary: number;
};

export type ReplyWrite = Pick<MessageRow, "content" | "status" | "alternates" | "alternateIndex">;

/**
 * Where a generation reads and writes its conversation: the database for members, memory for guests
 * (guests chat with nothing saved). The generation service is the same for both.
 */
export type ChatStore = {
  readonly persistent: boolean;
  create(input: {
    characterId: string;
    userPersonaId: string | null;
    greeting: string;
  }): Promise<StoredConversation>;
  find(id: string): Promise<StoredConversation | null>;
  messages(conversationId: string): Promise<MessageRow[]>;
  pinnedMemories(conversationId: string): Promise<string[]>;
  addUserMessage(conversationId: string, content: string): Promise<MessageRow>;
  /** Writes the reply (a new bot message when messageId is null) and marks the conversation's activity. */
  saveReply(
    conversationId: string,
    messageId: string | null,
    reply: ReplyWrite,
    oldestIncludedMessageId: string | null,
  ): Promise<{ message: MessageRow; conversation: StoredConversation }>;
};

export function databaseChatStore(db: Database, userId: string): ChatStore {
  return {
    persistent: true,
    async create({ characterId, userPersonaId, greeting }) {
      return db.transaction(async (tx) => {
        const conversation = await insertConversation(tx, { userId, characterId, userPersonaId });
        if (greeting)
          await insertMessage(tx, { conversationId: conversation.id, role: "bot", content: greeting });
        return conversation;
      });
    },
    find: (id) => findOwnConversation(db, id, userId),
    messages: (conversationId) => listMessages(db, conversationId),
    async pinnedMemories(conversationId) {
      const rows = await db
        .select({ content: memories.content })
        .from(memories)
        .where(and(eq(memories.conversationId, conversationId), eq(memories.pinned, true)))
        .orderBy(asc(memories.createdAt));
      return rows.map((row) => row.content);
    },
    addUserMessage: (conversationId, content) => insertMessage(db, { conversationId, role: "user", content }),
    saveReply(conversationId, messageId, reply, oldestIncludedMessageId) {
      return db.transaction(async (tx) => {
        const message = messageId
          ? await updateMessage(tx, messageId, reply)
          : await insertMessage(tx, { conversationId, role: "bot", ...reply });
        const current = await findOwnConversation(tx, conversationId, userId);
        const conversation = await touchConversation(tx, conversationId, {
          oldestIncludedMessageId,
          messagesSinceSummary: (current?.messagesSinceSummary ?? 0) + 1,
        });
        return { message, conversation };
      });
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
    const message = (conversationId: string, role: MessageRole, content: string): MessageRow => ({
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
    });
    return {
      persistent: false,
      async create({ characterId, userPersonaId, greeting }) {
        const id = randomUUID();
        const conversation: GuestConversation = {
          id,
          characterId,
          userPersonaId,
          messagesSinceSummary: 0,
          messages: greeting ? [message(id, "bot", greeting)] : [],
        };
        session.conversations.set(id, conversation);
        return conversation;
      },
      find: async (id) => find(id),
      messages: async (conversationId) => [...(find(conversationId)?.messages ?? [])],
      pinnedMemories: async () => [],
      async addUserMessage(conversationId, content) {
        const row = message(conversationId, "user", content);
        find(conversationId)?.messages.push(row);
        return row;
      },
      async saveReply(conversationId, messageId, reply, _oldest) {
        const conversation = find(conversationId);
        if (!conversation) throw new Error("Guest conversation expired");
        const existing = messageId ? conversation.messages.find((m) => m.id === messageId) : undefined;
        const saved = existing ?? message(conversationId, "bot", reply.content);
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
