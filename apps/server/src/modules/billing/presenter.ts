import {
  type AvailablePlan,
  type BillingHistoryEntry,
  type CheckoutCalculation,
  type Country,
  type CountryState,
  CURRENCY,
  DEFAULT_PLAN_ID,
  isYearlyPlanId,
  type NewOrderResponse,
  type OnFile,
  PLAN_IDS,
  PLANS,
  type PlanId,
  type Product,
  type PurchaseOptions,
  type StickyActionResponse,
  type Subscription,
  type SubscriptionPlan,
  type TestCardToken,
} from "@hearth/contracts";
import type { BillingCustomerRow, BillingLedgerRow, BillingSubscriptionRow } from "../../db/schema";
import { changeTiming, type Quote } from "./pricing";
import type { CardDetails, PaymentProcessor } from "./processor";

/** `GET /api/checkout/purchase-options`: the default plan, the card, then the configured providers. */
export function presentPurchaseOptions(
  processor: Pick<PaymentProcessor, "name" | "testMode" | "cardPageUrl" | "publishableKey">,
  extra: PurchaseOptions["payment_methods"] = [],
): PurchaseOptions {
  return {
    default_plan_id: DEFAULT_PLAN_ID,
    payment_methods: [{ id: "card", name: "Card", options: [] }, ...extra],
    card: {
      processor: processor.name,
      test_mode: processor.testMode,
      card_page_url: processor.cardPageUrl,
      publishable_key: processor.publishableKey,
    },
  };
}

/** A sticky action's answer: SUCCESS, or FAILED when a charge was declined (the message says why). */
export function presentStickyAnswer(
  status: StickyActionResponse["status"],
  sub: Pick<BillingSubscriptionRow, "status">,
  message: string,
  timing: StickyActionResponse["change_timing"] = null,
): StickyActionResponse {
  return { status, subscription_status: sub.status, message, change_timing: timing };
}

export function presentPlanList(plans: SubscriptionPlan[]): { data: SubscriptionPlan[] } {
  return { data: plans };
}

export function presentCountryList(countries: Country[]): { data: Country[] } {
  return { data: countries };
}

export function presentStateList(states: CountryState[]): { data: CountryState[] } {
  return { data: states };
}

export function presentSubscriptionList(subscriptions: Subscription[]): { data: Subscription[] } {
  return { data: subscriptions };
}

export function presentHistory(rows: BillingLedgerRow[]): { data: BillingHistoryEntry[] } {
  return { data: rows.map(presentLedgerEntry) };
}

/** The test processor's card page token answer. */
export function presentTestCardToken(card: CardDetails): TestCardToken {
  return { token: card.token, last_4: card.last4, brand: card.brand, exp: card.exp };
}

export function presentProduct(planId: PlanId): Product {
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

export function presentOnFile(customer: BillingCustomerRow | null): OnFile | null {
  if (!customer) return null;
  const card =
    customer.cardToken && customer.cardLast4
      ? { last_4: customer.cardLast4, type: customer.cardBrand ?? "Card", exp: customer.cardExp ?? "" }
      : null;
  return {
    email: customer.email,
    first_name: customer.firstName,
    last_name: customer.lastName,
    country: customer.country,
    state: customer.state,
    postal_code: customer.postalCode,
    order_id: card ? customer.cardOrderId : null,
    credit_card: card,
  };
}

export function presentCalculation(quote: Quote, customer: BillingCustomerRow | null): CheckoutCalculation {
  return {
    line_items: quote.lineItems,
    subtotal: quote.subtotal,
    discounts: quote.discounts,
    tax: { total: quote.taxCents, rate_bps: quote.rateBps },
    total: quote.total,
    renewal_total: quote.renewalTotal,
    currency: CURRENCY,
    on_file: presentOnFile(customer),
  };
}

/** An answer of new_order with nothing but an error message (a decline, a failed 3-D Secure check). */
export function failedOrder(message: string): NewOrderResponse {
  return {
    error_message: message,
    resp_msg: null,
    iframe_3ds_url: null,
    transactionID: null,
    orderTotal: null,
    currency: CURRENCY,
    order_id: null,
    subscription_id: null,
    plan: null,
    date: null,
  };
}

export function redirectOrder(orderId: string, planId: PlanId, url: string, total: number): NewOrderResponse {
  return {
    ...failedOrder(""),
    error_message: null,
    resp_msg: "Redirect",
    iframe_3ds_url: url,
    order_id: orderId,
    plan: planId,
    orderTotal: total,
  };
}

export function approvedOrder(input: {
  orderId: string;
  subscriptionId: string;
  planId: PlanId;
  transactionId: string;
  total: number;
  at: Date;
}): NewOrderResponse {
  return {
    error_message: null,
    resp_msg: "Approved",
    iframe_3ds_url: null,
    transactionID: input.transactionId,
    orderTotal: input.total,
    currency: CURRENCY,
    order_id: input.orderId,
    subscription_id: input.subscriptionId,
    plan: input.planId,
    date: input.at.toISOString(),
  };
}

export type SubscriptionFigures = {
  /** Cents with tax charged now for each DISPLAY_PRICE change, by plan. */
  upgradePrices: Partial<Record<PlanId, number>>;
  /** In grace: the amount due with tax. */
  amountDue: number | null;
};

/** Plans a subscription can change to: not the current one; yearly subscribers see yearly plans only. */
export function changeablePlans(current: PlanId): PlanId[] {
  return PLAN_IDS.filter((id) => id !== current && (!isYearlyPlanId(current) || isYearlyPlanId(id)));
}

export function presentSubscription(
  sub: BillingSubscriptionRow,
  customer: BillingCustomerRow | null,
  figures: SubscriptionFigures,
): Subscription {
  const yearly = isYearlyPlanId(sub.planId);
  const available: AvailablePlan[] =
    sub.status === "expired"
      ? []
      : changeablePlans(sub.planId).map((planId) => {
          const timing = changeTiming(sub.planId, planId);
          return {
            ...presentProduct(planId),
            change_timing: timing,
            upgrade_price: timing === "DISPLAY_PRICE" ? (figures.upgradePrices[planId] ?? 0) : 0,
          };
        });
  const nextPlan = sub.nextPlanId ?? (sub.status === "expired" ? sub.planId : null);
  return {
    order_id: sub.orderId,
    subscription_id: sub.id,
    subscription_status: sub.status,
    recur_at: sub.recurAt.toISOString(),
    frequency: yearly ? "Yearly Subscription" : "Monthly Subscription",
    billing_frequency: yearly ? "annual" : "monthly",
    is_card_deleted: !customer?.cardToken,
    current_product: presentProduct(sub.planId),
    next_product: nextPlan ? presentProduct(nextPlan) : null,
    credit_card:
      customer?.cardToken && customer.cardLast4
        ? { last_4: customer.cardLast4, type: customer.cardBrand ?? "Card" }
        : null,
    available_plans: available,
    amount_due: figures.amountDue,
    grace_until: sub.graceUntil?.toISOString() ?? null,
    platform: sub.platform,
    can_manage: sub.platform === "web",
  };
}

export function presentLedgerEntry(row: BillingLedgerRow): BillingHistoryEntry {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.amountCents,
    tax: row.taxCents,
    currency: row.currency,
    description: row.description,
    plan_id: row.planId,
    subscription_id: row.subscriptionId,
    reference: row.processorReference,
    created_at: row.createdAt.toISOString(),
  };
}
