import { MODERATION_STATUSES, VISIBILITIES } from "@hearth/contracts";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, real, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, users } from "./platform";

/** Where a character is listed: public, live, not flagged underage, not rejected by moderation. */
const LISTED = sql`visibility = 'public' and not is_deleted and not is_underage and moderation_status is distinct from 'fix_required'`;

export const characters = pgTable(
  "characters",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creatorUserId: uuid("creator_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    title: text("title").notNull().default(""),
    greeting: text("greeting").notNull().default(""),
    persona: text("persona").notNull().default(""),
    scenario: text("scenario").notNull().default(""),
    dialogue: text("dialogue").notNull().default(""),
    avatarUrl: text("avatar_url"),
    avatarIsNsfw: boolean("avatar_is_nsfw").notNull().default(false),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    visibility: text("visibility", { enum: VISIBILITIES }).notNull().default("private"),
    definitionVisible: boolean("definition_visible").notNull().default(false),
    numMessages: integer("num_messages").notNull().default(0),
    /** Mean of (rating - 1) / 4 over members' ratings, kept with `num_ratings` in the rating transaction. */
    ratingScore: real("rating_score").notNull().default(0),
    numRatings: integer("num_ratings").notNull().default(0),
    numFavorites: integer("num_favorites").notNull().default(0),
    tokenCount: integer("token_count").notNull().default(0),
    language: text("language").notNull().default("en"),
    isNsfw: boolean("is_nsfw").notNull().default(false),
    isUnderage: boolean("is_underage").notNull().default(false),
    isDeleted: boolean("is_deleted").notNull().default(false),
    loraStatus: text("lora_status", { enum: ["ready", "pending"] }),
    moderationStatus: text("moderation_status", { enum: MODERATION_STATUSES }),
    reasonForModeration: jsonb("reason_for_moderation"),
    actionTakenDescription: text("action_taken_description"),
    /** Who reported it, e.g. ['User'] (chat spec 3: reportsType). */
    reportsType: text("reports_type").array().notNull().default(sql`'{}'::text[]`),
    /**
     * Card data Hearth has no column for (personality, alternate_greetings, character_book, system_prompt,
     * post_history_instructions, creator_notes, extensions, V3-only fields), so exports reproduce imports.
     */
    cardExtras: jsonb("card_extras").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("characters_creator_idx").on(t.creatorUserId, t.updatedAt.desc().nullsFirst()),
    // Keyset pagination of the public lists, one index per sort order.
    index("characters_listed_popular_idx")
      .on(t.numMessages.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(LISTED),
    index("characters_listed_newest_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(LISTED),
    index("characters_listed_rating_idx")
      .on(t.ratingScore.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(LISTED),
    index("characters_tags_idx").using("gin", t.tags),
  ],
);

export type CharacterRow = typeof characters.$inferSelect;
