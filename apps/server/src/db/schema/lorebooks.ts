import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { conversations } from "./chat";
import { createdAt, updatedAt, users } from "./platform";

/**
 * A member's lorebook (world info). The whole book, settings and entries with any unknown fields of the
 * format it came from, is one JSON document in Hearth's form (contracts `Lorebook`); `name` and
 * `entry_count` are copies for listing. A character's embedded book stays in its card_extras.character_book.
 */
export const lorebooks = pgTable(
  "lorebooks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    entryCount: integer("entry_count").notNull().default(0),
    book: jsonb("book").$type<Record<string, unknown>>().notNull(),
    /** Used in every chat of its owner (each chat can still turn it off in conversation_lorebooks). */
    allChats: boolean("all_chats").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("lorebooks_user_idx").on(t.userId, t.updatedAt.desc())],
);

/**
 * A book attached to one chat (enabled true or false), or a chat's override of a member-wide book
 * (`all_chats`) that it turned off.
 */
export const conversationLorebooks = pgTable(
  "conversation_lorebooks",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    lorebookId: uuid("lorebook_id")
      .notNull()
      .references(() => lorebooks.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull().default(sql`true`),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.lorebookId] }),
    index("conversation_lorebooks_lorebook_idx").on(t.lorebookId),
  ],
);

export type LorebookRow = typeof lorebooks.$inferSelect;
export type ConversationLorebookRow = typeof conversationLorebooks.$inferSelect;
