import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { characters } from "./characters";
import { createdAt, updatedAt, users } from "./platform";

export const favorites = pgTable(
  "favorites",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    characterId: uuid("character_id")
      .notNull()
      .references(() => characters.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.characterId] }),
    index("favorites_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    index("favorites_character_idx").on(t.characterId),
  ],
);

/** One rating per member and character (1 dislike, 3 like, 5 love); re-rating replaces it. */
export const characterRatings = pgTable(
  "character_ratings",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    characterId: uuid("character_id")
      .notNull()
      .references(() => characters.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    conversationLength: integer("conversation_length").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.characterId] }),
    index("character_ratings_character_idx").on(t.characterId),
    check("character_ratings_rating_values", sql`${t.rating} in (1, 3, 5)`),
  ],
);

export const blockedCreators = pgTable(
  "blocked_creators",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    creatorUserId: uuid("creator_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.creatorUserId] }),
    check("blocked_creators_not_self", sql`${t.userId} <> ${t.creatorUserId}`),
  ],
);

/** A member's pending tag suggestion for a character, one per member and character, for the creator. */
export const tagSuggestions = pgTable(
  "tag_suggestions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    characterId: uuid("character_id")
      .notNull()
      .references(() => characters.id, { onDelete: "cascade" }),
    tagsToAdd: text("tags_to_add").array().notNull(),
    tagsToRemove: text("tags_to_remove").array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("tag_suggestions_character_user_idx").on(t.characterId, t.userId)],
);
