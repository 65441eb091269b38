import {
  BILLING_TEXTS,
  type BillingHistoryEntry,
  formatMoney,
  type PlanId,
  type StickyActionBody,
  type StickyActionResponse,
  type Subscription,
  type SubscriptionStatus,
} from "@hearth/contracts";

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: "Active",
  grace: "Payment due",
  cancelled: "Cancelled",
  expired: "Expired",
};

export type StatusTone = "success" | "danger" | "neutral";
export const STATUS_TONES: Record<SubscriptionStatus, StatusTone> = {
  active: "success",
  grace: "danger",
  cancelled: "neutral",
  expired: "neutral",
};

/** Shown when the platform the subscription was bought on does not let us manage it (spec 2 and 6). */
export const NOT_MANAGEABLE_TEXT =
  "This subscription can't be managed here: the platform it was bought on doesn't allow it. Manage it where you subscribed.";

const DATE_FORMAT: Intl.DateTimeFormatOptions = { year: "numeric", month: "long", day: "numeric" };

/** "March 5, 2026" (in the viewer's time zone unless one is given). */
export function formatDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat("en-US", { ...DATE_FORMAT, timeZone }).format(date);
}

/** The line under the plan that says what happens at recur_at in each state (spec 4). */
export function renewalLine(subscription: Subscription, timeZone?: string): string {
  const date = formatDate(subscription.recur_at, timeZone);
  switch (subscription.subscription_status) {
    case "active":
      return `Renews on ${date}`;
    case "grace":
      return subscription.grace_until
        ? `Access ends on ${formatDate(subscription.grace_until, timeZone)} unless the payment goes through`
        : `Payment was due on ${date}`;
    case "cancelled":
      return `Access ends on ${date}`;
    case "expired":
      return `Ended on ${date}`;
  }
}

/** A change scheduled for the next cycle: "Changes to I'm All In on March 5, 2026". */
export function scheduledChangeLine(subscription: Subscription, timeZone?: string): string | null {
  const next = subscription.next_product;
  if (!next || next.plan_id === subscription.current_product.plan_id) return null;
  if (subscription.subscription_status !== "active" && subscription.subscription_status !== "grace")
    return null;
  return `Changes to ${next.name} (${next.billing_frequency === "annual" ? "yearly" : "monthly"}) on ${formatDate(subscription.recur_at, timeZone)}`;
}

/** The actions each state offers (spec 4), all off when the platform does not allow managing it. */
export type PortalActions = {
  cancel: boolean;
  uncancel: boolean;
  /** Shown; `changePlanEnabled` says whether it can be used (cancelled: shown disabled). */
  changePlan: boolean;
  changePlanEnabled: boolean;
  changeCard: boolean;
  payAmountDue: boolean;
  /** Expired: Choose Plan and Reactivate through checkout. */
  reactivate: boolean;
};

export function portalActions(subscription: Subscription): PortalActions {
  const status = subscription.subscription_status;
  const none: PortalActions = {
    cancel: false,
    uncancel: false,
    changePlan: false,
    changePlanEnabled: false,
    changeCard: false,
    payAmountDue: false,
    reactivate: false,
  };
  if (status === "expired") return { ...none, reactivate: true };
  if (!subscription.can_manage) return none;
  switch (status) {
    case "active":
      return { ...none, cancel: true, changePlan: true, changePlanEnabled: true, changeCard: true };
    case "grace":
      return { ...none, payAmountDue: true, changeCard: true };
    case "cancelled":
      return { ...none, uncancel: true, changePlan: true, changeCard: true };
  }
}

/** Reactivate goes to checkout with the next plan when one exists (spec 2). */
export function reactivatePlanId(subscription: Subscription): PlanId | null {
  return subscription.next_product?.plan_id ?? null;
}

/** The ids every portal action carries. */
export function stickyIds(
  subscription: Subscription,
): Pick<StickyActionBody, "order_id" | "subscription_id"> {
  return { order_id: subscription.order_id, subscription_id: subscription.subscription_id };
}

/** The state's notice above the actions: the payment-failed text (or a failed rebill's message), expiry. */
export function stateNotice(subscription: Subscription, failedRebill: string | null): string | null {
  switch (subscription.subscription_status) {
    case "grace":
      return failedRebill ?? BILLING_TEXTS.paymentFailed;
    case "expired":
      return BILLING_TEXTS.expired;
    default:
      return null;
  }
}

/** The subscription as the server says it is after cancel or uncancel, before the reload lands. */
export function withStatus(list: Subscription[] | undefined, response: StickyActionResponse) {
  if (!list || list.length === 0) return list;
  const [first, ...rest] = list;
  return first ? [{ ...first, subscription_status: response.subscription_status }, ...rest] : list;
}

/** "Visa ending in 4242". */
export function cardLabel(card: { type: string; last_4: string }): string {
  const type = card.type ? card.type.charAt(0).toUpperCase() + card.type.slice(1) : "Card";
  return `${type} ending in ${card.last_4}`;
}

/** A ledger entry's amount: charges as they are, refunds and credits as money back. */
export function historyAmount(entry: BillingHistoryEntry): string {
  const amount = formatMoney(entry.amount, entry.currency);
  return entry.kind === "charge" ? amount : `-${amount}`;
}

export const HISTORY_KIND_LABELS: Record<BillingHistoryEntry["kind"], string> = {
  charge: "Payment",
  refund: "Refund",
  credit: "Credit",
};
