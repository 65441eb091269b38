import { randomUUID } from "node:crypto";
import { type PaidRole, type PlanId, planIdFor } from "@hearth/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type BillingSubscriptionRow, billingSubscriptions } from "../../db/schema";
import { setMemberPlan } from "../users/index";
import { LIVE_STATUSES } from "./repository";

/**
 * Subscriptions bought on another platform (SubscribeStar): a `billing_subscriptions` row with that
 * platform and processor, so the portal shows it as managed there (policy: only `web` is managed here)
 * and the member's role and `subscription_platform` follow it. The platform bills; Hearth never charges
 * it (the renewal sweep skips these rows) and only reads whether the pledge is still active.
 */

export type ExternalSubscriptionResult =
  | { kind: "ok"; subscription: BillingSubscriptionRow }
  /** The member already pays through another platform (e.g. this site's checkout). */
  | { kind: "other_platform"; platform: string };

/**
 * Starts, or moves to another tier and extends, the member's live subscription on `platform`, paid
 * through `paidThrough`; sets the role. Runs in the caller's transaction when given one.
 */
export async function upsertExternalSubscription(
  db: Database,
  input: { userId: string; platform: string; role: PaidRole; now: Date; paidThrough: Date },
): Promise<ExternalSubscriptionResult> {
  const planId: PlanId = planIdFor(input.role, "monthly");
  const [live] = await db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        eq(billingSubscriptions.userId, input.userId),
        inArray(billingSubscriptions.status, [...LIVE_STATUSES]),
      ),
    )
    .limit(1);
  if (live && live.platform !== input.platform) return { kind: "other_platform", platform: live.platform };
  let row: BillingSubscriptionRow | undefined;
  if (live) {
    [row] = await db
      .update(billingSubscriptions)
      .set({
        planId,
        status: "active",
        recurAt: input.paidThrough,
        cancelAtPeriodEnd: false,
        updatedAt: sql`now()`,
      })
      .where(eq(billingSubscriptions.id, live.id))
      .returning();
  } else {
    [row] = await db
      .insert(billingSubscriptions)
      .values({
        userId: input.userId,
        planId,
        status: "active",
        currentPeriodStart: input.now,
        recurAt: input.paidThrough,
        platform: input.platform,
        processor: input.platform,
        orderId: randomUUID(),
      })
      .returning();
  }
  if (!row) throw new Error("External subscription was not written");
  await setMemberPlan(db, input.userId, { role: input.role, platform: input.platform });
  return { kind: "ok", subscription: row };
}

/** Ends the member's live subscription on `platform` (its pledge lapsed): expired, role back to Free. */
export async function endExternalSubscription(
  db: Database,
  input: { userId: string; platform: string; endedAt: Date },
): Promise<boolean> {
  const ended = await db
    .update(billingSubscriptions)
    .set({ status: "expired", endedAt: input.endedAt, nextRetryAt: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(billingSubscriptions.userId, input.userId),
        eq(billingSubscriptions.platform, input.platform),
        inArray(billingSubscriptions.status, [...LIVE_STATUSES]),
      ),
    )
    .returning({ id: billingSubscriptions.id });
  if (ended.length > 0) await setMemberPlan(db, input.userId, { role: "free", platform: null });
  return ended.length > 0;
}
