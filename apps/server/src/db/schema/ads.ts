import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./platform";

/** House ads admins manage (README, Ads); shown in long chats to members with display_ads. */
export const ads = pgTable(
  "ads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The ad's tracking code, logged with its view and click events; unique. */
    code: text("code").notNull(),
    text: text("text").notNull(),
    linkUrl: text("link_url").notNull(),
    imageUrl: text("image_url"),
    /** Lower-case words or phrases matched against the chat's last messages; empty: a fallback ad. */
    keywords: jsonb("keywords").$type<string[]>().notNull().default([]),
    active: boolean("active").notNull().default(true),
    /** Shown from (inclusive) and until (exclusive); null: no bound. */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** When the ad was last picked for a chat: ties go to the one shown longest ago. */
    lastShownAt: timestamp("last_shown_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("ads_code_idx").on(t.code),
    index("ads_active_idx").on(t.active).where(sql`${t.active}`),
  ],
);

export type AdRow = typeof ads.$inferSelect;
