import {
  ANNUAL_TAGLINE,
  type AvailablePlan,
  BILLING_FREQUENCIES,
  type BillingFrequency,
  formatMoney,
  isYearlyPlanId,
  PAID_ROLES,
  type PaidRole,
  type Permission,
  PLANS,
  type PlanId,
  planFeatures,
  planIdFor,
  ROLE_PERMISSIONS,
  type Role,
  SKIP_THE_LINE_TEXT,
  type Subscription,
} from "@hearth/contracts";

/** One plan card of the subscribe pages, from the contracts' plans (prices in cents). */
export type PlanCardModel = {
  planId: PlanId;
  role: PaidRole;
  name: string;
  frequency: BillingFrequency;
  price: number;
  /** "month" or "year". */
  period: "month" | "year";
  features: string[];
  /** The annual discount label on yearly plans ('2 months free / 16% Off'). */
  tagline: string | null;
  /** 'Skip The Line for $0.17 per day' on Get a Taste. */
  highlight: string | null;
  /** The middle tier is the one we point people to. */
  popular: boolean;
};

export const FREQUENCY_LABELS: Record<BillingFrequency, string> = { monthly: "Monthly", annual: "Annual" };

/** The plan cards of one billing frequency, lowest tier first. */
export function planCards(frequency: BillingFrequency): PlanCardModel[] {
  return PAID_ROLES.map((role) => {
    const plan = PLANS[planIdFor(role, frequency)];
    return {
      planId: plan.plan_id,
      role,
      name: plan.name,
      frequency,
      price: plan.price,
      period: plan.period,
      features: planFeatures(role),
      tagline: frequency === "annual" ? ANNUAL_TAGLINE : null,
      highlight: role === "minimal" ? SKIP_THE_LINE_TEXT : null,
      popular: role === "basic",
    };
  });
}

/** "$14.99" and "/month": prices always show 2 decimals, taxes come on top. */
export function priceParts(cents: number, period: "month" | "year"): { amount: string; per: string } {
  return { amount: formatMoney(cents), per: period === "year" ? "/year" : "/month" };
}

/** The compare page's `:frequency`: monthly or annual, monthly for anything else (spec 2). */
export function parseFrequency(value: string | undefined): BillingFrequency {
  return value === "annual" ? "annual" : "monthly";
}

export function isBillingFrequency(value: string): value is BillingFrequency {
  return (BILLING_FREQUENCIES as readonly string[]).includes(value);
}

/** `/checkout`, with the plan when one is named. */
export function checkoutHref(planId?: PlanId | null): string {
  return planId ? `/checkout?plan_id=${encodeURIComponent(planId)}` : "/checkout";
}

/**
 * The subscription the pages act on: the first of the list (spec 7), unless it has expired, in which case
 * the member buys a new one through checkout like anyone without a subscription.
 */
export function liveSubscription(list: readonly Subscription[] | undefined): Subscription | null {
  const first = list?.[0];
  return first && first.subscription_status !== "expired" ? first : null;
}

/** A yearly subscriber sees annual plans only (spec 2 and 4); everyone else both tabs. */
export function frequenciesFor(subscription: Subscription | null): readonly BillingFrequency[] {
  return subscription && isYearlyPlanId(subscription.current_product.plan_id)
    ? ["annual"]
    : BILLING_FREQUENCIES;
}

/** The tab a page opens on: the current plan's frequency, else monthly. */
export function initialFrequency(subscription: Subscription | null): BillingFrequency {
  return subscription && isYearlyPlanId(subscription.current_product.plan_id) ? "annual" : "monthly";
}

/** What choosing a plan card does for this member. */
export type PlanChoice =
  | { kind: "checkout"; href: string }
  | { kind: "current" }
  | { kind: "change"; plan: AvailablePlan }
  | { kind: "unavailable"; reason: string };

export const CANCELLED_CHANGE_REASON =
  "Your subscription is cancelled. Uncancel it from Manage subscription to change your plan.";
export const GRACE_CHANGE_REASON =
  "Your last payment failed. Pay the amount due from Manage subscription before changing your plan.";
const NOT_OFFERED_REASON = "This plan can't be chosen from your current subscription.";
const NOT_MANAGED_REASON = "Your subscription is managed on the platform you bought it on.";

/**
 * Without a live subscription a plan goes to checkout; with one, the current plan can't be chosen, only an
 * active subscription changes plan (cancelled: disabled, spec 4; grace: the amount due comes first), and
 * any other plan opens the change-plan dialog when the server offers it.
 */
export function choiceFor(planId: PlanId, subscription: Subscription | null): PlanChoice {
  if (!subscription) return { kind: "checkout", href: checkoutHref(planId) };
  if (subscription.current_product.plan_id === planId) return { kind: "current" };
  if (!subscription.can_manage) return { kind: "unavailable", reason: NOT_MANAGED_REASON };
  if (subscription.subscription_status === "cancelled") {
    return { kind: "unavailable", reason: CANCELLED_CHANGE_REASON };
  }
  if (subscription.subscription_status === "grace")
    return { kind: "unavailable", reason: GRACE_CHANGE_REASON };
  const plan = subscription.available_plans.find((p) => p.plan_id === planId);
  return plan ? { kind: "change", plan } : { kind: "unavailable", reason: NOT_OFFERED_REASON };
}

/** The change-plan dialog's notice: the prorated price to pay now, or the next-cycle notice (spec 4). */
export function chargesNow(plan: AvailablePlan): boolean {
  return plan.change_timing === "DISPLAY_PRICE" && plan.upgrade_price > 0;
}

export function isPaidRole(role: Role): role is PaidRole {
  return (PAID_ROLES as readonly string[]).includes(role);
}

// ---------------------------------------------------------------------------------------------------
// The comparison table

/** A cell: included or not, or a short value (the context size). */
export type ComparisonCell = boolean | string;
export type ComparisonRow = { label: string; cells: Record<ComparisonTier, ComparisonCell> };
export type ComparisonTier = "free" | PaidRole;
export const COMPARISON_TIERS: readonly ComparisonTier[] = ["free", ...PAID_ROLES];

const has = (tier: ComparisonTier, permission: Permission) => ROLE_PERMISSIONS[tier].includes(permission);

function contextOf(tier: ComparisonTier): string {
  if (has(tier, "8k_context")) return "8K to 16K tokens";
  if (has(tier, "4k_context")) return "4K tokens";
  if (has(tier, "3k_context")) return "3K tokens";
  return "2K tokens";
}

const PERMISSION_ROWS = [
  ["Skip the waiting room", "skip_waiting_room"],
  ["Memory manager", "memory_manager"],
  ["Automatic memories", "conversation_memory_auto"],
  ["Generation settings", "generation_settings"],
  ["Images in chat", "conversation_images"],
  ["Better images in chat", "conversation_images_v2"],
  ["Character image training", "image_training"],
  ["Voice replies", "text-to-speech"],
] as const;

function row(label: string, cell: (tier: ComparisonTier) => ComparisonCell): ComparisonRow {
  return {
    label,
    cells: Object.fromEntries(COMPARISON_TIERS.map((tier) => [tier, cell(tier)])) as Record<
      ComparisonTier,
      ComparisonCell
    >,
  };
}

/** The comparison table's rows, from the permission table (`ROLE_PERMISSIONS`), so it never drifts. */
export function comparisonRows(): ComparisonRow[] {
  return [
    row("Chat with characters", (tier) => has(tier, "view_chat")),
    row("Create characters", (tier) => has(tier, "create_character")),
    row("No ads", (tier) => !has(tier, "display_ads")),
    row("Chat memory (context)", contextOf),
    ...PERMISSION_ROWS.map(([label, permission]) => row(label, (tier) => has(tier, permission))),
  ];
}

/** A tier's price for the comparison's header ("Free" for the free tier). */
export function tierPrice(
  tier: ComparisonTier,
  frequency: BillingFrequency,
): { amount: string; per: string } {
  if (tier === "free") return { amount: "$0", per: "" };
  const plan = PLANS[planIdFor(tier, frequency)];
  return priceParts(plan.price, plan.period);
}
