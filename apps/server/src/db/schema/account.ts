import { ONBOARDING_STEPS } from "@hearth/contracts";
import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { updatedAt, users } from "./platform";

/** The onboarding modal's progress, kept per member so it resumes where it was left (account spec 2.3). */
export const userOnboarding = pgTable("user_onboarding", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  step: text("step", { enum: ONBOARDING_STEPS }).notNull().default("welcome"),
  guidelinesAccepted: boolean("guidelines_accepted").notNull().default(false),
  /** What was typed so far; copied to the user row when onboarding is done. */
  username: text("username"),
  name: text("name"),
  ageConfirmed: boolean("age_confirmed").notNull().default(false),
  tocAccepted: boolean("toc_accepted").notNull().default(false),
  updatedAt: updatedAt(),
});

export type UserOnboardingRow = typeof userOnboarding.$inferSelect;

/**
 * Sign-in attempts per email address (accounts or not, so a limit never tells which addresses have one),
 * shared by every server instance: counted before the password is checked, cleared by a success. Rows of
 * windows that have passed are pruned as new windows start.
 */
export const loginThrottles = pgTable(
  "login_throttles",
  {
    email: text("email").primaryKey(),
    attempts: integer("attempts").notNull(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("login_throttles_window_idx").on(t.windowStartedAt)],
);
