import { MODERATION_STATUSES, VISIBILITIES } from "@hearth/contracts";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, real, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, users } from "./platform";

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
    ratingScore: real("rating_score").notNull().default(0),
    tokenCount: integer("token_count").notNull().default(0),
    language: text("language").notNull().default("en"),
    isNsfw: boolean("is_nsfw").notNull().default(false),
    isUnderage: boolean("is_underage").notNull().default(false),
    isDeleted: boolean("is_deleted").notNull().default(false),
    loraStatus: text("lora_status", { enum: ["ready", "pending"] }),
    moderationStatus: text("moderation_status", { enum: MODERATION_STATUSES }),
    reasonForModeration: jsonb("reason_for_moderation"),
    actionTakenDescription: text("action_taken_description"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("characters_creator_idx").on(t.creatorUserId),
    index("characters_public_popular_idx")
      .on(t.numMessages.desc().nullsFirst(), t.createdAt.desc().nullsFirst())
      .where(sql`${t.visibility} = 'public' and not ${t.isDeleted} and not ${t.isUnderage}`),
  ],
);

export type CharacterRow = typeof characters.$inferSelect;
