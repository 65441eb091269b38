import {
  type AvailablePlan,
  type BillingHistoryEntry,
  PLANS,
  type PlanId,
  type Product,
  type Subscription,
} from "@hearth/contracts";

export function product(planId: PlanId): Product {
  const plan = PLANS[planId];
  return {
    plan_id: plan.plan_id,
    name: plan.name,
    price: plan.price,
    currency: plan.currency,
    role: plan.role,
    billing_frequency: plan.billing_frequency,
  };
}

export function available(
  planId: PlanId,
  upgradePrice: number,
  timing: AvailablePlan["change_timing"] = upgradePrice > 0 ? "DISPLAY_PRICE" : "NEXT_CYCLE",
): AvailablePlan {
  return { ...product(planId), upgrade_price: upgradePrice, change_timing: timing };
}

/** A True Supporter monthly subscription, active, card on file; override anything. */
export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    order_id: "ord_1",
    subscription_id: "sub_1",
    subscription_status: "active",
    recur_at: "2026-03-05T12:00:00.000Z",
    frequency: "Monthly Subscription",
    billing_frequency: "monthly",
    is_card_deleted: false,
    current_product: product("basic_1m"),
    next_product: null,
    credit_card: { last_4: "4242", type: "visa" },
    available_plans: [
      available("minimal_1m", 0),
      available("premium_1m", 1210),
      available("minimal_1y", 0),
      available("basic_1y", 0),
      available("premium_1y", 0),
    ],
    amount_due: null,
    grace_until: null,
    platform: "web",
    can_manage: true,
    ...overrides,
  };
}

/** A yearly True Supporter subscription (annual plans only). */
export function makeYearlySubscription(overrides: Partial<Subscription> = {}): Subscription {
  return makeSubscription({
    frequency: "Yearly Subscription",
    billing_frequency: "annual",
    current_product: product("basic_1y"),
    available_plans: [available("minimal_1y", 0), available("premium_1y", 10500)],
    ...overrides,
  });
}

export function makeHistoryEntry(overrides: Partial<BillingHistoryEntry> = {}): BillingHistoryEntry {
  return {
    id: "led_1",
    kind: "charge",
    amount: 1799,
    tax: 300,
    currency: "USD",
    description: "True Supporter (monthly)",
    plan_id: "basic_1m",
    subscription_id: "sub_1",
    reference: "txn_1",
    created_at: "2026-02-05T12:00:00.000Z",
    ...overrides,
  };
}
