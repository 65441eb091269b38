import {
  formatMoney,
  isYearlyPlanId,
  type StickyActionBody,
  type StickyActionResponse,
  SUBSCRIBESTAR_TEXTS,
  type Subscription,
} from "@hearth/contracts";
import {
  ArrowUpDown,
  CalendarClock,
  CreditCard,
  Crown,
  type LucideIcon,
  RotateCcw,
  Sparkles,
  TriangleAlert,
  Wallet,
  XCircle,
} from "lucide-react";
import { type ReactNode, useCallback, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useStickySubscriptions } from "../../../api/billing";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Dialog } from "../../../components/ui/dialog";
import { PageSpinner } from "../../../components/ui/spinner";
import { loginPathFor } from "../../../lib/redirect";
import { useSession } from "../../../lib/session";
import { type PortalActionsState, usePortalActions } from "../hooks/use-portal-actions";
import { CANCELLED_CHANGE_REASON, checkoutHref } from "../lib/plans";
import {
  cardLabel,
  formatDate,
  NOT_MANAGEABLE_TEXT,
  portalActions,
  reactivatePlanId,
  renewalLine,
  STATUS_LABELS,
  STATUS_TONES,
  scheduledChangeLine,
  stateNotice,
  stickyIds,
} from "../lib/portal";
import { BillingHistory } from "./billing-history";
import { ChangeCardDialog } from "./change-card-dialog";
import { ChangePlanDialog } from "./change-plan-dialog";
import { RetryButton } from "./retry-button";

/**
 * `/manage-subscription` and `/portal`: public in the route table (account spec 2.15), so a visitor or a
 * guest stays on the page and is asked to sign in; a member gets the subscription card with the actions its state
 * allows (spec 4), the payment method card, the server's message under the card after an action, and the
 * billing history from the ledger.
 */
export function PortalPage() {
  const { status } = useSession();
  const location = useLocation();
  if (status === "loading") return <PageSpinner />;
  if (status !== "member")
    return <SignInToManage to={loginPathFor(`${location.pathname}${location.search}`)} />;
  return <Portal />;
}

function SignInToManage({ to }: { to: string }) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-6 px-4 pt-10 pb-16 sm:px-6">
      <Card className="text-center">
        <h1 className="text-2xl font-extrabold tracking-tight text-text-1">Manage subscription</h1>
        <p className="mt-2 text-text-2">Sign in to see your plan, your card and your payments.</p>
        <div className="mt-6 flex justify-center">
          <ButtonLink to={to}>Sign in</ButtonLink>
        </div>
      </Card>
    </div>
  );
}

function Portal() {
  const subscriptions = useStickySubscriptions();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 pt-6 pb-16 sm:px-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-text-1 sm:text-3xl">
          Manage subscription
        </h1>
        <p className="mt-1 text-sm text-text-2 sm:text-base">Your plan, your card and your payments.</p>
      </header>
      {subscriptions.isPending ? (
        <div
          role="status"
          aria-label="Loading your subscription"
          className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
        >
          <div className="h-64 animate-pulse rounded-2xl bg-surface-1 motion-reduce:animate-none" />
          <div className="h-40 animate-pulse rounded-2xl bg-surface-1 motion-reduce:animate-none" />
        </div>
      ) : subscriptions.error ? (
        <Card role="alert" className="flex flex-col items-start gap-3 border-danger/40 p-5 sm:p-6">
          <p className="flex items-center gap-2 font-semibold text-text-1">
            <TriangleAlert aria-hidden="true" className="h-5 w-5 text-danger" />
            We couldn't load your subscription
          </p>
          <p className="text-sm text-text-2">{subscriptions.error.message}</p>
          <RetryButton query={subscriptions} />
        </Card>
      ) : subscriptions.data[0] ? (
        <SubscriptionPanel subscription={subscriptions.data[0]} />
      ) : (
        <NoSubscription />
      )}
      {subscriptions.data ? <BillingHistory /> : null}
    </div>
  );
}

function NoSubscription() {
  return (
    <Card className="flex flex-col items-center gap-3 p-8 text-center">
      <span
        aria-hidden="true"
        className="flex h-12 w-12 items-center justify-center rounded-2xl bg-surface-2 text-link ring-1 ring-surface-3"
      >
        <Sparkles className="h-6 w-6" />
      </span>
      <h2 className="text-lg font-bold text-text-1">You don't have a subscription yet</h2>
      <p className="max-w-md text-sm text-text-2">
        Subscribe to skip the line, give your characters a longer memory and unlock images, voice and
        generation settings.
      </p>
      <ButtonLink to="/subscribe" className="mt-2">
        See plans
      </ButtonLink>
    </Card>
  );
}

type OpenDialog = "cancel" | "plan" | "card" | null;

function SubscriptionPanel({ subscription }: { subscription: Subscription }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  // After an action the focus moves to its outcome (the button that opened it may be gone).
  const focusOutcome = useCallback(() => {
    setTimeout(() => messageRef.current?.focus(), 50);
  }, []);
  const actions = usePortalActions(focusOutcome);
  const ids = stickyIds(subscription);

  async function run(body: StickyActionBody) {
    await actions.run(body);
    setDialog(null);
  }

  function settledFromDialog(action: "change_plan" | "change_card", response: StickyActionResponse) {
    setDialog(null);
    actions.settle(action, response);
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex min-w-0 flex-col gap-3">
        <SubscriptionCard
          subscription={subscription}
          actions={actions}
          onCancel={() => setDialog("cancel")}
          onChangePlan={() => setDialog("plan")}
          onChangeCard={() => setDialog("card")}
          onUncancel={() => void run({ action: "uncancel", ...ids })}
          onPayDue={() => void run({ action: "charge_rebill", ...ids })}
        />
        <div ref={messageRef} tabIndex={-1} className="outline-none">
          {actions.message ? <Alert tone={actions.message.tone}>{actions.message.text}</Alert> : null}
        </div>
      </div>
      <PaymentMethodCard subscription={subscription} />

      <Dialog
        open={dialog === "cancel"}
        onOpenChange={(open) => (open || actions.pending ? undefined : setDialog(null))}
        icon={<XCircle aria-hidden="true" className="h-5 w-5" />}
        title="Cancel your subscription?"
        description={`You keep ${subscription.current_product.name} until ${formatDate(subscription.recur_at)}, and you won't be charged again. You can uncancel before then.`}
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => setDialog(null)}
              disabled={actions.pending === "cancel"}
            >
              Keep my plan
            </Button>
            <Button
              variant="danger"
              loading={actions.pending === "cancel"}
              onClick={() => void run({ action: "cancel", ...ids })}
            >
              Cancel subscription
            </Button>
          </>
        }
      />
      <ChangePlanDialog
        subscription={subscription}
        open={dialog === "plan"}
        onOpenChange={(open) => (open ? undefined : setDialog(null))}
        onChanged={(response) => settledFromDialog("change_plan", response)}
      />
      <ChangeCardDialog
        subscription={subscription}
        open={dialog === "card"}
        onOpenChange={(open) => (open ? undefined : setDialog(null))}
        onChanged={(response) => settledFromDialog("change_card", response)}
      />
    </div>
  );
}

function SubscriptionCard({
  subscription,
  actions,
  onCancel,
  onUncancel,
  onChangePlan,
  onChangeCard,
  onPayDue,
}: {
  subscription: Subscription;
  actions: PortalActionsState;
  onCancel: () => void;
  onUncancel: () => void;
  onChangePlan: () => void;
  onChangeCard: () => void;
  onPayDue: () => void;
}) {
  const status = subscription.subscription_status;
  const allowed = portalActions(subscription);
  const product = subscription.current_product;
  const notice = stateNotice(subscription, actions.failedRebill);
  const scheduled = scheduledChangeLine(subscription);
  const reactivateId = reactivatePlanId(subscription);
  const tone = STATUS_TONES[status];
  return (
    <Card aria-labelledby="subscription-heading" role="region" className="flex flex-col gap-5 p-5 sm:p-6">
      <div className="flex flex-wrap items-start gap-3">
        <span
          aria-hidden="true"
          className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-700 to-accent-600 text-white shadow-lg shadow-brand-700/25"
        >
          <Crown className="h-6 w-6" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wide text-text-3 uppercase">Your plan</p>
          <h2 id="subscription-heading" className="text-xl font-bold text-text-1">
            {product.name}
          </h2>
          <p className="text-sm text-text-2">
            {formatMoney(product.price, product.currency)}
            {isYearlyPlanId(product.plan_id) ? "/year" : "/month"} plus taxes · {subscription.frequency}
          </p>
        </div>
        <Badge variant={tone === "success" ? "success" : tone === "danger" ? "danger" : "neutral"}>
          {STATUS_LABELS[status]}
        </Badge>
      </div>

      <dl className="grid gap-3 rounded-2xl border border-surface-3 bg-surface-2/50 p-4 text-sm sm:grid-cols-2">
        {subscription.platform === "subscribestar" && status === "active" ? (
          <Fact icon={CalendarClock} term="Billing">
            Billed by SubscribeStar while your pledge is active
          </Fact>
        ) : (
          <Fact icon={CalendarClock} term={status === "active" ? "Next payment" : "Billing date"}>
            {renewalLine(subscription)}
          </Fact>
        )}
        {status === "grace" && subscription.amount_due !== null ? (
          <Fact icon={Wallet} term="Amount due">
            {formatMoney(subscription.amount_due, product.currency)} (taxes included)
          </Fact>
        ) : null}
        {scheduled ? (
          <Fact icon={ArrowUpDown} term="Scheduled change" wide>
            {scheduled}
          </Fact>
        ) : null}
      </dl>

      {notice ? (
        <p
          role={status === "grace" ? "alert" : undefined}
          className={
            status === "grace"
              ? "flex items-start gap-2 rounded-xl border border-danger/40 bg-danger/10 p-3.5 text-sm text-text-1"
              : "rounded-xl border border-surface-3 bg-surface-2/60 p-3.5 text-sm text-text-1"
          }
        >
          {status === "grace" ? (
            <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-danger" />
          ) : null}
          {notice}
        </p>
      ) : null}

      {!subscription.can_manage && status !== "expired" ? (
        <p className="rounded-xl border border-surface-3 bg-surface-2/60 p-3.5 text-sm text-text-2">
          {subscription.platform === "subscribestar" ? SUBSCRIBESTAR_TEXTS.managedThere : NOT_MANAGEABLE_TEXT}
        </p>
      ) : null}

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {allowed.payAmountDue ? (
          <Button onClick={onPayDue} loading={actions.pending === "charge_rebill"}>
            <Wallet aria-hidden="true" className="h-4 w-4" />
            Pay amount due
            {subscription.amount_due !== null
              ? ` (${formatMoney(subscription.amount_due, product.currency)})`
              : ""}
          </Button>
        ) : null}
        {allowed.uncancel ? (
          <Button onClick={onUncancel} loading={actions.pending === "uncancel"}>
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            Uncancel
          </Button>
        ) : null}
        {allowed.changePlan ? (
          <Button
            variant={status === "active" ? "primary" : "secondary"}
            onClick={onChangePlan}
            disabled={!allowed.changePlanEnabled}
            aria-describedby={allowed.changePlanEnabled ? undefined : "change-plan-disabled-reason"}
          >
            <ArrowUpDown aria-hidden="true" className="h-4 w-4" />
            Change Plan
          </Button>
        ) : null}
        {allowed.changeCard ? (
          <Button variant="secondary" onClick={onChangeCard}>
            <CreditCard aria-hidden="true" className="h-4 w-4" />
            Change Card
          </Button>
        ) : null}
        {allowed.cancel ? (
          <Button
            variant="ghost"
            className="text-danger hover:bg-danger/10 hover:text-danger"
            onClick={onCancel}
          >
            <XCircle aria-hidden="true" className="h-4 w-4" />
            Cancel
          </Button>
        ) : null}
        {allowed.reactivate ? (
          <>
            <ButtonLink to={checkoutHref(reactivateId)}>
              <RotateCcw aria-hidden="true" className="h-4 w-4" />
              Reactivate
            </ButtonLink>
            <ButtonLink to={checkoutHref()} variant="secondary">
              Choose Plan
            </ButtonLink>
          </>
        ) : null}
      </div>
      {allowed.changePlan && !allowed.changePlanEnabled ? (
        <p id="change-plan-disabled-reason" className="-mt-2 text-xs text-text-3">
          {CANCELLED_CHANGE_REASON}
        </p>
      ) : null}
    </Card>
  );
}

/** One term of the subscription card's facts, its icon inside the term (a dl's groups hold dt and dd only). */
function Fact({
  icon: Icon,
  term,
  wide = false,
  children,
}: {
  icon: LucideIcon;
  term: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="flex items-center gap-2 text-text-3">
        <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
        {term}
      </dt>
      <dd className="mt-0.5 pl-6 font-medium text-text-1">{children}</dd>
    </div>
  );
}

function PaymentMethodCard({ subscription }: { subscription: Subscription }) {
  const card = subscription.credit_card;
  return (
    <Card aria-labelledby="payment-method-heading" role="region" className="flex flex-col gap-4 p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-10 w-10 items-center justify-center rounded-xl bg-surface-2 text-link ring-1 ring-surface-3"
        >
          <CreditCard className="h-5 w-5" />
        </span>
        <h2 id="payment-method-heading" className="text-lg font-bold text-text-1">
          Payment method
        </h2>
      </div>
      {card && !subscription.is_card_deleted ? (
        <div className="flex items-center gap-3 rounded-2xl border border-surface-3 bg-gradient-to-br from-surface-2 to-surface-1 p-4">
          <span
            aria-hidden="true"
            className="rounded-md bg-surface-3 px-2 py-1 text-xs font-bold tracking-wide text-text-1 uppercase"
          >
            {card.type || "Card"}
          </span>
          <span aria-hidden="true" className="font-medium text-text-1 tabular-nums">
            •••• {card.last_4}
          </span>
          <span className="sr-only">{cardLabel(card)}</span>
        </div>
      ) : (
        <p className="rounded-xl border border-dashed border-surface-3 p-4 text-sm text-text-2">
          {subscription.platform === "subscribestar"
            ? "Paid through your SubscribeStar pledge."
            : subscription.is_card_deleted
              ? "Your card was removed. Use Change Card to add a new one and keep your subscription going."
              : "No card on file."}
        </p>
      )}
    </Card>
  );
}
