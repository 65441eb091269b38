import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { messages } from "./chat";
import { createdAt, updatedAt, users } from "./platform";

/** Where a chosen voice applies (chat spec 7: set conversation voice id for voice, character, default). */
export const VOICE_SETTING_SCOPES = ["conversation", "character", "default"] as const;

/**
 * A member's chosen voices: one per conversation, one per character (new chats with it start with it)
 * and one default (subject_id is then the member's own id). Voice ids are the engine's (`nova`,
 * `en-us+f3`); a voice the engine no longer offers is skipped when the conversation's voice is read.
 */
export const voiceSettings = pgTable(
  "voice_settings",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scope: text("scope", { enum: VOICE_SETTING_SCOPES }).notNull(),
    /** The conversation's or character's id, or the member's for the default. */
    subjectId: uuid("subject_id").notNull(),
    voiceId: text("voice_id").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.subjectId] })],
);

/** The voice quality a member gave a played message (1 poor .. 5 excellent); re-rating replaces it. */
export const voiceRatings = pgTable(
  "voice_ratings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    voiceId: text("voice_id").notNull(),
    /** The engine that spoke it (openai, espeak): ratings compare voices of one engine. */
    engine: text("engine").notNull(),
    rating: smallint("rating").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("voice_ratings_user_message_idx").on(t.userId, t.messageId),
    index("voice_ratings_voice_idx").on(t.engine, t.voiceId),
    check("voice_ratings_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);
