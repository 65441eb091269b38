import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type UserOnboardingRow, userOnboarding } from "../../db/schema";

export async function findOnboarding(db: Database, userId: string): Promise<UserOnboardingRow | null> {
  const [row] = await db.select().from(userOnboarding).where(eq(userOnboarding.userId, userId)).limit(1);
  return row ?? null;
}

export type OnboardingValues = Omit<UserOnboardingRow, "userId" | "updatedAt">;

export async function saveOnboarding(
  db: Database,
  userId: string,
  values: OnboardingValues,
): Promise<UserOnboardingRow> {
  const [row] = await db
    .insert(userOnboarding)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userOnboarding.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error("Saving onboarding returned no row");
  return row;
}
