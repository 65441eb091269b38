import type { Restriction, Role } from "@hearth/contracts";
import { OPENAI_MODES } from "@hearth/contracts";
import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").unique(),
    passwordHash: text("password_hash"),
    role: text("role").$type<Exclude<Role, "guest">>().notNull().default("free"),
    restriction: text("restriction").$type<Restriction>(),
    /** When a temporary_restriction ends; from then on the member is let back in. */
    restrictionEndsAt: timestamp("restriction_ends_at", { withTimezone: true }),
    username: text("username").unique(),
    name: text("name"),
    avatarUrl: text("avatar_url"),
    highlights: text("highlights"),
    openaiApiKeyEncrypted: text("openai_api_key_encrypted"),
    /** A masked reminder of the key (`sk-…abcd`), so showing it never needs the key itself. */
    openaiApiKeyHint: text("openai_api_key_hint"),
    openaiMode: text("openai_mode", { enum: OPENAI_MODES }).notNull().default("disabled"),
    /** The member's adult-content setting: NSFW characters and avatars are shown only when true. */
    showNsfw: boolean("show_nsfw").notNull().default(false),
    blurNsfwAvatars: boolean("blur_nsfw_avatars").notNull().default(true),
    subscriptionPlatform: text("subscription_platform"),
    /** The partner's id for members who came through a partner host. */
    externalId: text("external_id").unique(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /**
     * When the member last ended every session (sign out everywhere, password change): access tokens
     * issued before it are refused, and every refresh token family was revoked at that moment.
     */
    sessionsRevokedAt: timestamp("sessions_revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The admin console's sign-ups per day.
    index("users_created_idx").on(t.createdAt),
    check("users_email_lower_case", sql`${t.email} = lower(${t.email})`),
    check("users_username_lower_case", sql`${t.username} = lower(${t.username})`),
  ],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: uuid("family_id").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.familyId), index("refresh_tokens_user_idx").on(t.userId)],
);

export const featureFlags = pgTable("feature_flags", {
  name: text("name").primaryKey(),
  enabled: boolean("enabled").notNull(),
  updatedAt: updatedAt(),
});

export const remoteSettings = pgTable("remote_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<number | string | boolean>().notNull(),
});

export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // No foreign key: guests have no row, and events outlive deleted accounts.
    userId: uuid("user_id"),
    guestId: text("guest_id"),
    eventName: text("event_name").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("analytics_events_name_created_idx").on(t.eventName, t.createdAt)],
);

export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

export type UserRow = typeof users.$inferSelect;
