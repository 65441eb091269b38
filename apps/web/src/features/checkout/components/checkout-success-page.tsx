import { formatMoney, isYearlyPlanId, PLAN_IDS, PLANS, type PlanId } from "@hearth/contracts";
import { CheckCircle2, MessageCircle, Settings2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { useTokenRefresh } from "../../../api/billing";
import { ButtonLink } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { useSession } from "../../../lib/session";

export type SuccessOrder = {
  plan: PlanId | null;
  orderTotal: number | null;
  currency: string;
  date: Date | null;
  orderId: string | null;
  subscriptionId: string | null;
  transactionId: string | null;
};

/** The success page's query parameters (spec 2): orderTotal, order_id, subscription_id, transactionID, plan, date, currency. */
export function readSuccessOrder(params: URLSearchParams): SuccessOrder {
  const plan = PLAN_IDS.find((id) => id === params.get("plan")) ?? null;
  const total = params.get("orderTotal");
  const cents = total !== null && /^-?\d+$/.test(total) ? Number(total) : null;
  const rawDate = params.get("date");
  const date = rawDate ? new Date(rawDate) : null;
  return {
    plan,
    orderTotal: cents,
    currency: params.get("currency") || "USD",
    date: date && !Number.isNaN(date.getTime()) ? date : null,
    orderId: params.get("order_id"),
    subscriptionId: params.get("subscription_id"),
    transactionId: params.get("transactionID"),
  };
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long", timeStyle: "short" });

/**
 * `/checkout/success` (signed-in): the order, and the auth token refreshed 5 seconds after arrival (spec 2
 * and 9), after which the member's new plan shows everywhere (navbar, profile, unlocked features).
 */
export function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const order = readSuccessOrder(params);
  const { user } = useSession();
  const scheduleRefresh = useTokenRefresh();
  const scheduled = useRef(false);
  useEffect(() => {
    // Once per arrival (React's development double mount runs effects twice).
    if (scheduled.current) return;
    scheduled.current = true;
    scheduleRefresh();
  }, [scheduleRefresh]);

  const plan = order.plan ? PLANS[order.plan] : null;
  const active = plan !== null && user?.role === plan.role;
  const rows: [string, string][] = [];
  if (plan) rows.push(["Plan", `${plan.name} (${isYearlyPlanId(plan.plan_id) ? "yearly" : "monthly"})`]);
  if (order.orderTotal !== null) rows.push(["Total paid", formatMoney(order.orderTotal, order.currency)]);
  if (order.date) rows.push(["Date", dateFormat.format(order.date)]);
  if (order.orderId) rows.push(["Order ID", order.orderId]);
  if (order.subscriptionId) rows.push(["Subscription ID", order.subscriptionId]);
  if (order.transactionId) rows.push(["Transaction ID", order.transactionId]);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 pt-10 pb-16 sm:px-6">
      <Card className="flex flex-col items-center gap-5 p-6 text-center sm:p-8">
        <div className="flex h-14 w-14 items-center justify-center rounded-full bg-success/15 ring-1 ring-success/30">
          <CheckCircle2 aria-hidden="true" className="h-8 w-8 text-success" />
        </div>
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-text-1 sm:text-3xl">Thank you!</h1>
          <p className="mt-2 text-text-2">
            {plan ? `Your ${plan.name} subscription is active.` : "Your payment was received."}
          </p>
        </div>
        <p role="status" className="text-sm text-text-3">
          {plan
            ? active
              ? `Your account now has ${plan.name}: its features are unlocked.`
              : "Updating your account..."
            : null}
        </p>
        {rows.length > 0 ? (
          <dl className="w-full divide-y divide-surface-3 rounded-xl border border-surface-3 bg-surface-2 text-left text-sm">
            {rows.map(([label, value]) => (
              <div key={label} className="flex items-baseline justify-between gap-4 px-4 py-2.5">
                <dt className="shrink-0 text-text-2">{label}</dt>
                <dd className="min-w-0 text-right font-medium break-all text-text-1 tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
          <ButtonLink to="/" size="lg">
            <MessageCircle aria-hidden="true" className="h-5 w-5" />
            Start chatting
          </ButtonLink>
          <ButtonLink to="/manage-subscription" size="lg" variant="secondary">
            <Settings2 aria-hidden="true" className="h-5 w-5" />
            Manage subscription
          </ButtonLink>
        </div>
      </Card>
    </div>
  );
}
