import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, users } from "./platform";

/**
 * SubscribeStar linking (account spec 2.11; README, SubscribeStar). A member's linked SubscribeStar account,
 * one per member and one member per SubscribeStar account, with its OAuth tokens encrypted by
 * ENCRYPTION_KEY (AES-256-GCM) and what the last pledge check found.
 */
export const subscribestarLinks = pgTable(
  "subscribestar_links",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    subscribestarUserId: text("subscribestar_user_id").notNull().unique(),
    name: text("name").notNull(),
    email: text("email"),
    accessTokenEncrypted: text("access_token_encrypted").notNull(),
    refreshTokenEncrypted: text("refresh_token_encrypted"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    /** The pledge as last read: its tier id and monthly price in cents; inactive once it lapsed. */
    tierId: text("tier_id"),
    priceCents: integer("price_cents"),
    role: text("role", { enum: ["minimal", "basic", "premium"] }),
    status: text("status", { enum: ["active", "lapsed"] }).notNull(),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
    /** When the lapse job reads the pledge again (null once lapsed). */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    linkedAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("subscribestar_links_due_idx").on(t.status, t.nextCheckAt)],
);

/**
 * One link attempt: its id is the OAuth `state` and the `{transientId}` of /link/subscribestar/{transientId},
 * valid for SUBSCRIBESTAR_ATTEMPT_MINUTES and used once.
 */
export const subscribestarAttempts = pgTable("subscribestar_attempts", {
  id: text("id").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export type SubscribeStarLinkRow = typeof subscribestarLinks.$inferSelect;
export type SubscribeStarAttemptRow = typeof subscribestarAttempts.$inferSelect;
