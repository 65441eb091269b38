import { GROUP_MODES, MESSAGE_ROLES, MESSAGE_STATUSES } from "@hearth/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { characters } from "./characters";
import { personas } from "./personas";
import { createdAt, updatedAt, users } from "./platform";

/** A member's chat with one character. Guests' conversations are never stored (see chat/generation/chat-store.ts). */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    characterId: uuid("character_id")
      .notNull()
      .references(() => characters.id, { onDelete: "cascade" }),
    userPersonaId: uuid("user_persona_id").references(() => personas.id, { onDelete: "set null" }),
    label: text("label"),
    /** The oldest message the last generation still factored in (null: everything fitted). */
    oldestIncludedMessageId: uuid("oldest_included_message_id"),
    /** Messages written since the last automatic summary memory (conversation_memory_auto). */
    messagesSinceSummary: integer("messages_since_summary").notNull().default(0),
    /** Group chats only (null: a chat with one character): how the next speaker is chosen (GROUP_MODES). */
    groupMode: text("group_mode", { enum: GROUP_MODES }),
    /** Whether the character card's embedded lorebook (card_extras.character_book) is used in this chat. */
    characterBookEnabled: boolean("character_book_enabled").notNull().default(true),
    /** An imported chat: the source file's fields Hearth has no column for (e.g. SillyTavern's header), for export. */
    importMeta: jsonb("import_meta").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    /** Last activity; the list is ordered by it, newest first. */
    updatedAt: updatedAt(),
  },
  (t) => [
    index("conversations_user_activity_idx").on(t.userId, t.updatedAt.desc(), t.id.desc()),
    index("conversations_user_character_idx").on(t.userId, t.characterId, t.updatedAt.desc()),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    role: text("role", { enum: MESSAGE_ROLES }).notNull(),
    /** The version shown; equals alternates[alternate_index] when there are alternates. */
    content: text("content").notNull(),
    status: text("status", { enum: MESSAGE_STATUSES }).notNull().default("complete"),
    /** Every version of a regenerated bot message; empty while there is only one. */
    alternates: jsonb("alternates").$type<string[]>().notNull().default([]),
    alternateIndex: integer("alternate_index").notNull().default(0),
    imageUrl: text("image_url"),
    imagePrompt: text("image_prompt"),
    /** The NSFW classifier read the image as NSFW (adult brand; the sfw brand never stores one). */
    imageIsNsfw: boolean("image_is_nsfw").notNull().default(false),
    /** On a user message: the persona name it was written as, so a later persona change does not relabel it. */
    personaName: text("persona_name"),
    /** In a group chat: the character who wrote this bot message (null in one-character chats). */
    characterId: uuid("character_id").references(() => characters.id, { onDelete: "set null" }),
    /** On a bot message: what its prompt was made of (lorebook entries that fired and why, tokens per part). */
    promptReport: jsonb("prompt_report").$type<Record<string, unknown>>(),
    /** An imported message: the source's fields Hearth has no column for (kept for a lossless export). */
    extras: jsonb("extras").$type<Record<string, unknown>>(),
    // Set by the application from a strictly increasing clock, so messages of one request keep their order.
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("messages_conversation_created_idx").on(t.conversationId, t.createdAt),
    // The admin console's messages per day read a range of days across all conversations.
    index("messages_created_idx").on(t.createdAt),
  ],
);

/** The characters of a group chat, in list order; conversations.character_id is the first of them. */
export const conversationCharacters = pgTable(
  "conversation_characters",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    characterId: uuid("character_id")
      .notNull()
      .references(() => characters.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    muted: boolean("muted").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.characterId] })],
);

/** One rating per message (1 Terrible .. 4 Fantastic) and/or a reason label. */
export const messageRatings = pgTable(
  "message_ratings",
  {
    messageId: uuid("message_id")
      .primaryKey()
      .references(() => messages.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint("rating"),
    label: text("label"),
    createdAt: createdAt(),
  },
  (t) => [check("message_ratings_rating_range", sql`${t.rating} is null or ${t.rating} between 1 and 4`)],
);

export const messageReports = pgTable(
  "message_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    reporterUserId: uuid("reporter_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    characterId: uuid("character_id")
      .notNull()
      .references(() => characters.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    comment: text("comment").notNull().default(""),
    /** The reported text as it was, for moderators (the message may be edited or removed later). */
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("message_reports_message_reporter_idx").on(t.messageId, t.reporterUserId),
    index("message_reports_character_idx").on(t.characterId),
  ],
);

export const memories = pgTable(
  "memories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    pinned: boolean("pinned").notNull().default(false),
    source: text("source", { enum: ["user", "auto"] })
      .notNull()
      .default("user"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("memories_conversation_idx").on(t.conversationId, t.createdAt)],
);

/** Messages a member sent per UTC day, for the free tier's daily limit. */
export const chatUsage = pgTable(
  "chat_usage",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    messages: integer("messages").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export type ConversationCharacterRow = typeof conversationCharacters.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type MemoryRow = typeof memories.$inferSelect;
