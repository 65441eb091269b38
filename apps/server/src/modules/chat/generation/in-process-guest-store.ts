import { GUEST_CHAT_CAPS, GUEST_CONVERSATION_TTL_MS } from "@hearth/contracts";
import {
  type ChatStore,
  type GuestConversation,
  type GuestStore,
  guestMessageBytes,
  newMessage,
} from "./chat-store";

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
  /** All guests' conversations together, estimated (GUEST_CHATS_MAX_MB); in-process only. */
  maxTotalBytes?: number;
  /** One guest's conversations, estimated. */
  maxBytesPerGuest?: number;
  /** Guests remembered at all (their message count); the least recently active go first. In-process only. */
  maxSessions?: number;
};

const conversationBytes = (conversation: GuestConversation): number =>
  conversation.messages.reduce((sum, message) => sum + guestMessageBytes(message), 0);

/**
 * Guests' conversations in this process's memory, for one instance. Besides each guest's budget, all
 * guests' conversations are kept within `maxTotalBytes` (the least recently active guests' conversations
 * go first; their message count stays, so eviction never hands out a fresh allowance), and at most
 * `maxSessions` guests are remembered.
 */
export class InProcessGuestStore implements GuestStore {
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

  /** The guest's session, made the most recently active (a new one after expiry). */
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

  async countMessage(guestId: string, limit: number): Promise<boolean> {
    const session = this.session(guestId);
    if (session.messagesSent >= limit) return false;
    session.messagesSent += 1;
    return true;
  }

  async conversation(guestId: string, id: string): Promise<GuestConversation | null> {
    const session = this.sessions.get(guestId);
    if (!session || session.expiresAt <= Date.now()) return null;
    return session.conversations.get(id) ?? null;
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
