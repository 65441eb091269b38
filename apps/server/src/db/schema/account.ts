import { ONBOARDING_STEPS } from "@hearth/contracts";
import { boolean, pgTable, text, uuid } from "drizzle-orm/pg-core";
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
