import type { AvailablePlan, BillingFrequency, StickyActionResponse, Subscription } from "@hearth/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowRight, Table2, TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { billingKeys, useStickySubscriptions, useTokenRefresh } from "../../../api/billing";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { useSession } from "../../../lib/session";
import {
  choiceFor,
  FREQUENCY_LABELS,
  frequenciesFor,
  initialFrequency,
  liveSubscription,
  type PlanCardModel,
  planCards,
} from "../lib/plans";
import { ChangePlanDialog } from "./change-plan-dialog";
import { Faq } from "./faq";
import { FrequencyTabs, tabId } from "./frequency-tabs";
import { PlanCard } from "./plan-card";
import { RetryButton } from "./retry-button";

/**
 * `/subscribe` (signed in): monthly and annual tabs, a card per tier, the FAQ and, on phones, a link to
 * the comparison table. Without a live subscription a plan goes to checkout; a subscriber changes plan in
 * the plan dialog instead (a yearly subscriber sees annual plans only; the current plan can't be chosen).
 */
export function SubscribePage() {
  const { status } = useSession();
  const subscriptions = useStickySubscriptions(status === "member");
  const subscription = liveSubscription(subscriptions.data);
  const frequencies = frequenciesFor(subscription);
  const [picked, setPicked] = useState<BillingFrequency | null>(null);
  const frequency = picked && frequencies.includes(picked) ? picked : initialFrequency(subscription);
  const [changing, setChanging] = useState<AvailablePlan | null>(null);
  const [notice, setNotice] = useState<StickyActionResponse | null>(null);
  const queryClient = useQueryClient();
  const refreshTokenLater = useTokenRefresh();
  const idPrefix = useId();
  const panelId = `${idPrefix}-panel`;
  const tabbed = frequencies.length > 1;

  function onChanged(response: StickyActionResponse) {
    setChanging(null);
    setNotice(response);
    void queryClient.invalidateQueries({ queryKey: billingKeys.sticky });
    void queryClient.invalidateQueries({ queryKey: billingKeys.history });
    refreshTokenLater();
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-10 px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <header className="mx-auto flex max-w-2xl flex-col items-center gap-3 text-center">
        <p className="text-sm font-semibold tracking-wide text-link uppercase">Plans</p>
        <h1 className="text-3xl font-extrabold tracking-tight text-text-1 sm:text-4xl">
          Choose the plan that fits your stories
        </h1>
        <p className="text-base text-text-2">
          Skip the line, give your characters a longer memory, and unlock images, voice and generation
          settings. Cancel anytime.
        </p>
      </header>

      <SubscriptionBanner subscription={subscription} />
      {notice ? (
        <Alert tone={notice.status === "SUCCESS" ? "success" : "danger"} className="mx-auto w-full max-w-3xl">
          {notice.message}
        </Alert>
      ) : null}
      {subscriptions.error ? (
        <div
          role="alert"
          className="mx-auto flex w-full max-w-3xl flex-col items-start gap-3 rounded-2xl border border-danger/40 bg-danger/10 p-4 sm:flex-row sm:items-center"
        >
          <p className="flex flex-1 items-center gap-2 text-sm text-text-1">
            <TriangleAlert aria-hidden="true" className="h-4 w-4 shrink-0 text-danger" />
            We couldn't check your current subscription. {subscriptions.error.message}
          </p>
          <RetryButton query={subscriptions} />
        </div>
      ) : null}

      <div className="flex flex-col items-center gap-3">
        {tabbed ? (
          <FrequencyTabs value={frequency} onChange={setPicked} panelId={panelId} idPrefix={idPrefix} />
        ) : (
          <p className="rounded-full border border-surface-3 bg-surface-1 px-4 py-2 text-sm text-text-2">
            You're on a yearly plan, so you can choose between the annual plans.
          </p>
        )}
        <Link
          to={`/plan-comparison/${frequency}`}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-link underline-offset-4 hover:underline md:hidden"
        >
          <Table2 aria-hidden="true" className="h-4 w-4" />
          Compare plans
        </Link>
      </div>

      <section
        id={panelId}
        role={tabbed ? "tabpanel" : undefined}
        aria-labelledby={tabbed ? tabId(idPrefix, frequency) : undefined}
        aria-label={tabbed ? undefined : `${FREQUENCY_LABELS[frequency]} plans`}
        className="grid gap-6 pt-2 md:grid-cols-3 md:gap-5"
      >
        {planCards(frequency).map((plan) => (
          <PlanCard
            key={plan.planId}
            plan={plan}
            current={subscription?.current_product.plan_id === plan.planId}
            action={
              <PlanAction
                plan={plan}
                subscription={subscription}
                pending={status !== "member" || subscriptions.isPending || Boolean(subscriptions.error)}
                onChange={setChanging}
              />
            }
          />
        ))}
      </section>

      <Faq />

      {subscription ? (
        <ChangePlanDialog
          subscription={subscription}
          open={changing !== null}
          onOpenChange={(open) => (open ? undefined : setChanging(null))}
          initialPlanId={changing?.plan_id ?? null}
          onChanged={onChanged}
        />
      ) : null}
    </div>
  );
}

function PlanAction({
  plan,
  subscription,
  pending,
  onChange,
}: {
  plan: PlanCardModel;
  subscription: Subscription | null;
  pending: boolean;
  onChange: (plan: AvailablePlan) => void;
}) {
  const full = "w-full";
  const variant = plan.popular ? "primary" : "secondary";
  if (pending) {
    return (
      <Button variant={variant} size="lg" className={full} disabled>
        Choose {plan.name}
      </Button>
    );
  }
  const choice = choiceFor(plan.planId, subscription);
  switch (choice.kind) {
    case "checkout":
      return (
        <ButtonLink to={choice.href} variant={variant} size="lg" className={full}>
          Choose {plan.name}
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </ButtonLink>
      );
    case "current":
      return (
        <Button variant="secondary" size="lg" className={full} disabled>
          Your current plan
        </Button>
      );
    case "change":
      return (
        <Button variant={variant} size="lg" className={full} onClick={() => onChange(choice.plan)}>
          Switch to {plan.name}
        </Button>
      );
    case "unavailable":
      return (
        <div className="flex flex-col gap-2">
          <Button variant="secondary" size="lg" className={full} disabled>
            Switch to {plan.name}
          </Button>
          <p className="text-xs text-text-3">{choice.reason}</p>
        </div>
      );
  }
}

function SubscriptionBanner({ subscription }: { subscription: Subscription | null }) {
  if (!subscription) return null;
  const yearly = subscription.billing_frequency === "annual";
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-start gap-3 rounded-2xl border border-surface-3 bg-surface-1 p-4 sm:flex-row sm:items-center">
      <p className="flex-1 text-sm text-text-2">
        You're on <strong className="font-semibold text-text-1">{subscription.current_product.name}</strong> (
        {yearly ? "yearly" : "monthly"}).
        {subscription.subscription_status === "cancelled" ? " Your subscription is cancelled." : null}
      </p>
      <ButtonLink to="/manage-subscription" variant="secondary" size="sm">
        Manage subscription
      </ButtonLink>
    </div>
  );
}
