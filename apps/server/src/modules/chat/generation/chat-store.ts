import { randomUUID } from "node:crypto";
import { GUEST_CHAT_CAPS, GUEST_CONVERSATION_TTL_MS, type MessageRole } from "@hearth/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { characters, conversations, type MessageRow, memories, messages } from "../../../db/schema";
import { nextMessageTime } from "../conversations/clock";
import { listOwnMessages } from "../conversations/repository";
import type { UserTurnWriter } from "./user-turn-writer";

export type StoredConversation = {
  id: string;
  characterId: string;
  userPersonaId: string | null;
  messagesSinceSummary: number;
};

export type ReplyWrite = Pick<MessageRow, "content" | "status" | "alternates" | "alternateIndex">;

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
    personaName: role === "user" ? personaName : null,
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
  /** The conversation's messages, oldest first, when it is this user's (none otherwise). */
  messages(conversationId: string): Promise<MessageRow[]>;
  /** Saves a new conversation (id chosen by the caller) with its first messages, all or nothing. */
  create(conversation: StoredConversation, firstMessages: MessageRow[]): Promise<void>;
  addMessage(message: MessageRow): Promise<void>;
  /**
   * Writes the reply (a new bot message, or a new version of `target`), marks the conversation's activity
   * and counts the message on the character. `reply` gets the target's current state (null for a new
   * message), read under a lock on the message, and may throw to refuse the write.
   */
  saveReply(
    conversationId: string,
    characterId: string,
    target: MessageRow | null,
    reply: (current: MessageRow | null) => ReplyWrite,
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
    messages: (conversationId) => listOwnMessages(db, conversationId, userId),
    addMessage(message) {
      return userTurns.save({ conversation: null, messages: [message] });
    },
    async saveReply(conversationId, characterId, target, reply, oldestIncludedMessageId) {
      if (target)
        return saveNewVersion(db, conversationId, characterId, target.id, reply, oldestIncludedMessageId);
      const write = reply(null);
      const message: MessageRow = { ...newMessage(conversationId, "bot", write.content), ...write };
      const written = db
        .$with("written")
        .as(db.insert(messages).values(message).returning({ id: messages.id }));
      const [conversation] = await db
        .with(written, countedOn(db, characterId))
        .update(conversations)
        .set(conversationActivity(oldestIncludedMessageId))
        .where(eq(conversations.id, conversationId))
        .returning();
      if (!conversation) throw new Error("The conversation is gone");
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

const conversationActivity = (oldestIncludedMessageId: string | null) => ({
  oldestIncludedMessageId,
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
  oldestIncludedMessageId: string | null,
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

type GuestConversation = StoredConversation & { messages: MessageRow[] };
type GuestSession = {
  messagesSent: number;
  /** Least recently used first. */
  conversations: Map<string, GuestConversation>;
  expiresAt: number;
  /** Estimated size of the conversations (GUEST_CHAT_CAPS). */
  bytes: number;
};

export type GuestStoreOptions = {
  /** Dropped this long after the guest's last activity. */
  ttlMs?: number;
  /** All guests' conversations together, estimated (GUEST_CHATS_MAX_MB). */
  maxTotalBytes?: number;
  /** One guest's conversations, estimated. */
  maxBytesPerGuest?: number;
  /** Guests remembered at all (their message count); the least recently active go first. */
  maxSessions?: number;
};

/** Estimated memory of a message: UTF-16 text (every version) plus a fixed overhead. */
export function guestMessageBytes(message: MessageRow): number {
  let chars = message.content.length;
  for (const version of message.alternates) chars += version.length;
  return chars * 2 + GUEST_CHAT_CAPS.messageOverheadBytes;
}

const conversationBytes = (conversation: GuestConversation): number =>
  conversation.messages.reduce((sum, message) => sum + guestMessageBytes(message), 0);

/**
 * Guests' conversations, in this process's memory only, dropped after GUEST_CONVERSATION_TTL_MS without
 * activity. Bounded: each guest's conversations to `maxBytesPerGuest` (their least recently used ones go
 * first), all guests' to `maxTotalBytes` (the least recently active guests' conversations go first; their
 * message count stays, so eviction never hands out a fresh allowance), and at most `maxSessions` guests.
 * The conversation being written is never dropped. One process serves them; behind several instances,
 * replace with a shared store of this shape.
 */
export class GuestStore {
  /** Least recently active first (re-inserted on every use). */
  private readonly sessions = new Map<string, GuestSession>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly ttlMs: number;
  private readonly maxTotalBytes: number;
  private readonly maxBytesPerGuest: number;
  private readonly maxSessions: number;
  private totalBytes = 0;

  constructor(options: GuestStoreOptions = {}) {
    this.ttlMs = options.ttlMs ?? GUEST_CONVERSATION_TTL_MS;
    this.maxTotalBytes = options.maxTotalBytes ?? GUEST_CHAT_CAPS.defaultTotalMb * 1024 * 1024;
    this.maxBytesPerGuest = options.maxBytesPerGuest ?? GUEST_CHAT_CAPS.bytesPerGuest;
    this.maxSessions = options.maxSessions ?? GUEST_CHAT_CAPS.sessionsMax;
    this.sweeper = setInterval(() => this.sweep(), Math.min(this.ttlMs, 60_000));
    this.sweeper.unref();
  }

  session(guestId: string): GuestSession {
    const now = Date.now();
    let session = this.sessions.get(guestId);
    if (session) this.sessions.delete(guestId);
    if (!session || session.expiresAt <= now) {
      if (session) this.totalBytes -= session.bytes;
      session = { messagesSent: 0, conversations: new Map(), expiresAt: 0, bytes: 0 };
      while (this.sessions.size >= this.maxSessions) this.dropOldestSession();
    }
    this.sessions.set(guestId, session);
    session.expiresAt = now + this.ttlMs;
    return session;
  }

  /** The guest's conversation with its messages, or null. */
  conversation(guestId: string, id: string): GuestConversation | null {
    return this.sessions.get(guestId)?.conversations.get(id) ?? null;
  }

  /** Estimated bytes held for all guests together. */
  get heldBytes(): number {
    return this.totalBytes;
  }

  chatStore(guestId: string): ChatStore {
    const session = this.session(guestId);
    const find = (id: string) => {
      const conversation = session.conversations.get(id);
      if (conversation) {
        session.conversations.delete(id);
        session.conversations.set(id, conversation);
      }
      return conversation ?? null;
    };
    const written = (conversationId: string) => this.written(guestId, session, conversationId);
    return {
      persistent: false,
      async create(conversation, firstMessages) {
        session.conversations.set(conversation.id, { ...conversation, messages: [...firstMessages] });
        written(conversation.id);
      },
      async find(id) {
        const conversation = find(id);
        return conversation && { ...conversation, pinnedMemories: [] };
      },
      messages: async (conversationId) => [...(find(conversationId)?.messages ?? [])],
      async addMessage(message) {
        find(message.conversationId)?.messages.push(message);
        written(message.conversationId);
      },
      async saveReply(conversationId, _characterId, target, reply, _oldest) {
        const conversation = find(conversationId);
        if (!conversation) throw new Error("Guest conversation expired");
        const existing = target ? conversation.messages.find((m) => m.id === target.id) : undefined;
        const write = reply(existing ?? null);
        const saved = existing ?? newMessage(conversationId, "bot", write.content);
        Object.assign(saved, write);
        if (!existing) conversation.messages.push(saved);
        written(conversationId);
        return { message: saved, conversation };
      },
    };
  }

  /**
   * Re-measures a guest after a write and applies the caps, keeping the conversation just written.
   * A session no longer in the map (expired or evicted meanwhile) is not counted.
   */
  private written(guestId: string, session: GuestSession, keep: string): void {
    if (this.sessions.get(guestId) !== session) return;
    this.measure(session);
    for (const [id] of session.conversations) {
      if (session.bytes <= this.maxBytesPerGuest) break;
      if (id !== keep) this.dropConversation(session, id);
    }
    for (const [otherId, other] of this.sessions) {
      if (this.totalBytes <= this.maxTotalBytes) break;
      if (otherId === guestId) continue;
      this.totalBytes -= other.bytes;
      other.bytes = 0;
      other.conversations.clear();
    }
    for (const [id] of session.conversations) {
      if (this.totalBytes <= this.maxTotalBytes) break;
      if (id !== keep) this.dropConversation(session, id);
    }
  }

  private measure(session: GuestSession): void {
    let bytes = 0;
    for (const conversation of session.conversations.values()) bytes += conversationBytes(conversation);
    this.totalBytes += bytes - session.bytes;
    session.bytes = bytes;
  }

  private dropConversation(session: GuestSession, id: string): void {
    session.conversations.delete(id);
    this.measure(session);
  }

  private dropOldestSession(): void {
    const oldest = this.sessions.entries().next();
    if (oldest.done) return;
    const [guestId, session] = oldest.value;
    this.sessions.delete(guestId);
    this.totalBytes -= session.bytes;
  }

  sweep(): void {
    const now = Date.now();
    for (const [guestId, session] of this.sessions) {
      if (session.expiresAt <= now) {
        this.sessions.delete(guestId);
        this.totalBytes -= session.bytes;
      }
    }
  }

  close(): void {
    clearInterval(this.sweeper);
    this.sessions.clear();
    this.totalBytes = 0;
  }
}
