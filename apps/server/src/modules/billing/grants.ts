import { randomUUID } from "node:crypto";
import { CURRENCY, PAID_ROLES, type PaidRole, PLANS, type PlanId, planIdFor } from "@hearth/contracts";
import type { Database } from "../../db/client";
import type { BillingSubscriptionRow } from "../../db/schema";
import type { Clock } from "../../kernel/clock";
import { setMemberPlan } from "../users/index";
import { addPeriod } from "./pricing";
import * as repo from "./repository";

/** The processor name of subscriptions and ledger rows that a grant made (no money moved). */
export const GRANT_PROCESSOR = "grant";
const HOLD_MS = 2 * 60 * 1000;
const HOLD_TRIES = 20;

export type FreeMonthGrant = {
  userId: string;
  /** The tier of the free month. */
  role: PaidRole;
  /** Unique per grant (e.g. a leaderboard prize: month, category, creator); a repeat grants nothing. */
  idempotencyKey: string;
  /** Shown in the member's billing history. */
  description: string;
};

export type GrantOutcome =
  | { kind: "already" }
  | { kind: "extended" | "upgraded" | "created"; subscriptionId: string; recurAt: Date };

const tierOf = (planId: PlanId): number => PAID_ROLES.indexOf(PLANS[planId].role);

/**
 * What a free month does to the member's live subscription (pure; README, Creators leaderboard):
 * - one of the granted tier or higher (active, cancelled or in grace): its next renewal (or end of access)
 *   moves a calendar month later; a subscription in grace counts the missed cycle as paid by the grant;
 * - a lower tier: it becomes the granted tier (same billing frequency) until that later renewal, which
 *   goes back to the plan it had (or the change already scheduled);
 * - none (null): a new monthly subscription of the granted tier, `cancelled` from the start, so it ends
 *   after the month unless the member uncancels it in the portal (then it renews with their card).
 */
export function freeMonthChange(
  sub: Pick<BillingSubscriptionRow, "planId" | "status" | "recurAt" | "nextPlanId"> | null,
  role: PaidRole,
  now: Date,
):
  | { kind: "create"; planId: PlanId; currentPeriodStart: Date; recurAt: Date }
  | { kind: "extended" | "upgraded"; update: repo.SubscriptionUpdate } {
  const monthly = planIdFor(role, "monthly");
  if (!sub)
    return { kind: "create", planId: monthly, currentPeriodStart: now, recurAt: addPeriod(now, monthly) };
  const recurAt = addPeriod(sub.recurAt, monthly);
  const graceCleared: repo.SubscriptionUpdate =
    sub.status === "grace"
      ? { status: "active", currentPeriodStart: sub.recurAt, graceUntil: null, retries: 0, nextRetryAt: null }
      : {};
  if (tierOf(sub.planId) >= PAID_ROLES.indexOf(role)) {
    return { kind: "extended", update: { ...graceCleared, recurAt } };
  }
  const frequency = PLANS[sub.planId].billing_frequency;
  return {
    kind: "upgraded",
    update: {
      ...graceCleared,
      recurAt,
      planId: planIdFor(role, frequency),
      nextPlanId: sub.nextPlanId ?? sub.planId,
    },
  };
}

/**
 * Grants a member a free month of a tier through billing: the live subscription is extended or upgraded
 * (see freeMonthChange), or a one-month subscription is created with processor `grant`; a zero-amount
 * `credit` row in the ledger under `grant:{idempotencyKey}` records it (shown in the billing history), and
 * the member's role follows. Once per key: the ledger row is written first in the same transaction, so a
 * repeat, or the same grant running twice at once, changes nothing.
 */
export async function grantFreeMonth(
  db: Database,
  clock: Clock,
  grant: FreeMonthGrant,
): Promise<GrantOutcome> {
  const key = `grant:${grant.idempotencyKey}`;
  for (let attempt = 0; attempt < HOLD_TRIES; attempt++) {
    const now = clock.now();
    const sub = await repo.findLiveSubscription(db, grant.userId);
    if (sub && !(await repo.holdForCharge(db, sub.id, now, new Date(now.getTime() + HOLD_MS)))) {
      // A renewal or upgrade is being charged: wait for it, then apply the grant to what it left.
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      const outcome = await db.transaction(async (tx): Promise<GrantOutcome | "stale"> => {
        const change = freeMonthChange(sub, grant.role, now);
        const subscriptionId = sub?.id ?? randomUUID();
        const orderId = sub?.orderId ?? randomUUID();
        const added = await repo.appendLedger(tx, {
          userId: grant.userId,
          subscriptionId,
          orderId,
          kind: "credit",
          amountCents: 0,
          taxCents: 0,
          currency: CURRENCY,
          description: grant.description,
          planId: planIdFor(grant.role, "monthly"),
          processor: GRANT_PROCESSOR,
          processorReference: null,
          idempotencyKey: key,
        });
        if (!added) return { kind: "already" };
        if (change.kind === "create") {
          const row = await repo.insertSubscription(tx, {
            id: subscriptionId,
            userId: grant.userId,
            planId: change.planId,
            status: "cancelled",
            cancelAtPeriodEnd: true,
            currentPeriodStart: change.currentPeriodStart,
            recurAt: change.recurAt,
            platform: "web",
            processor: GRANT_PROCESSOR,
            orderId,
          });
          await setMemberPlan(tx, grant.userId, { role: grant.role, platform: row.platform });
          return { kind: "created", subscriptionId: row.id, recurAt: row.recurAt };
        }
        if (!sub) throw new Error("A change of a subscription without one");
        const row = await repo.updateSubscriptionIf(tx, sub, change.update);
        if (!row) return "stale";
        await setMemberPlan(tx, grant.userId, { role: PLANS[row.planId].role, platform: row.platform });
        return { kind: change.kind, subscriptionId: row.id, recurAt: row.recurAt };
      });
      if (outcome !== "stale") return outcome;
    } catch (error) {
      // Two grants creating the member's first subscription at once: the one-live index refuses the
      // second, which then finds the first's subscription and extends it.
      if (!sub && attempt < HOLD_TRIES - 1 && isUniqueViolation(error)) continue;
      throw error;
    } finally {
      if (sub) await repo.releaseCharge(db, sub.id);
    }
  }
  throw new Error(
    `The free month ${grant.idempotencyKey} could not be applied (the subscription kept changing)`,
  );
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
