import { BILLING_TEXTS, formatMoney } from "@hearth/contracts";
import { ArrowLeft, Lock, ShieldCheck } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { Link } from "react-router";
import { useStickySubscriptions } from "../../../api/billing";
import { useAppConfig } from "../../../api/config";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { PageSpinner } from "../../../components/ui/spinner";
import { type CheckoutModel, useCheckout } from "../hooks/use-checkout";
import { payHint } from "../lib/checkout-rules";
import { OrderSummary } from "./order-summary";
import { PaymentSection } from "./payment-section";
import { PersonalDetailsFields } from "./personal-details";
import { ThreeDsDialog } from "./three-ds-dialog";

const PAY_BUTTON_ID = "checkout-pay";
const LIVE_STATUSES: readonly string[] = ["active", "grace", "cancelled"];

/** `/checkout` (signed-in): subscriptions spec 2, 4, 5 and 8. */
export function CheckoutPage() {
  const subscriptions = useStickySubscriptions();
  const current = subscriptions.data?.[0];
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 pt-6 pb-16 sm:px-6">
      <header className="flex flex-col gap-2">
        <Link
          to="/subscribe"
          className="inline-flex items-center gap-1.5 self-start rounded text-sm font-medium text-text-2 hover:text-text-1 focus-visible:outline-2 focus-visible:outline-brand-400"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Plans
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-extrabold tracking-tight text-text-1 sm:text-3xl">Checkout</h1>
          <p className="flex items-center gap-1.5 text-sm text-text-3">
            <Lock aria-hidden="true" className="h-4 w-4" />
            Secure checkout
          </p>
        </div>
      </header>
      {subscriptions.isPending ? (
        <PageSpinner />
      ) : current && LIVE_STATUSES.includes(current.subscription_status) ? (
        <Card className="flex flex-col items-start gap-4">
          <p className="text-text-1">{BILLING_TEXTS.alreadySubscribed}</p>
          <ButtonLink to="/manage-subscription">Manage subscription</ButtonLink>
        </Card>
      ) : (
        <CheckoutForm />
      )}
    </div>
  );
}

function Section({
  step,
  title,
  id,
  children,
}: {
  step: number;
  title: string;
  id: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby={id}>
      <h2 id={id} className="mb-4 flex items-center gap-3 text-lg font-bold text-text-1">
        <span
          aria-hidden="true"
          className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-500/15 text-sm text-brand-300 light:text-brand-700"
        >
          {step}
        </span>
        {title}
      </h2>
      {children}
    </Card>
  );
}

function CheckoutForm() {
  const checkout = useCheckout();
  const { actions } = checkout;
  const errorRef = useRef<HTMLParagraphElement>(null);

  if (!checkout.plan) {
    return checkout.purchaseOptions.isError ? (
      <Alert>The checkout could not be loaded. Reload the page to try again.</Alert>
    ) : (
      <PageSpinner />
    );
  }

  const hint = payHint(checkout.blockers[0]);
  const total = checkout.summary?.total;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
      <div className="flex min-w-0 flex-col gap-6">
        <Section step={1} title="Your details" id="checkout-details">
          {checkout.editingDetails === null ? (
            <div role="status" aria-label="Loading your details" className="flex flex-col gap-3">
              {[0, 1, 2].map((i) => (
                <div
                  key={i}
                  className="h-10 animate-pulse rounded-xl bg-surface-2 motion-reduce:animate-none"
                />
              ))}
            </div>
          ) : (
            <div onFocusCapture={() => actions.interact("user_details")}>
              <PersonalDetailsFields
                details={checkout.details}
                errors={checkout.fieldErrors}
                editing={checkout.editingDetails}
                countries={checkout.countries.data}
                countriesFailed={checkout.countries.isError}
                states={checkout.states}
                statesLoading={checkout.statesLoading}
                onChange={actions.updateDetail}
                onBlur={actions.blurDetail}
                onCountryChange={actions.changeCountry}
                onEdit={actions.editDetails}
              />
            </div>
          )}
        </Section>
        <Section step={2} title="Payment" id="checkout-payment">
          <PaymentSection
            methods={checkout.methods}
            method={checkout.method}
            card={checkout.purchaseOptions.data?.card}
            savedCard={checkout.onFile?.credit_card ?? null}
            savedCardOrderId={checkout.onFile?.order_id ?? null}
            usingSavedCard={checkout.usingSavedCard}
            validCard={checkout.card}
            onChooseMethod={actions.chooseMethod}
            providerOption={checkout.providerOption}
            onChooseProviderOption={actions.chooseProviderOption}
            onCardChange={actions.cardChanged}
            stripeCard={checkout.stripeCard}
            onStripeCardChange={actions.stripeCardChanged}
            onStripeCardReady={actions.stripeCardReady}
            onUseSavedCard={actions.chooseSavedCard}
          />
        </Section>
      </div>
      <Card
        className="flex flex-col gap-5 p-5 sm:p-6 lg:sticky lg:top-20"
        role="region"
        aria-labelledby="checkout-summary"
      >
        <h2 id="checkout-summary" className="text-lg font-bold text-text-1">
          Order summary
        </h2>
        <OrderSummary
          plan={checkout.plan}
          otherFrequencyPlan={checkout.otherFrequencyPlan}
          onChangePlan={actions.changePlan}
          summary={checkout.summary}
          calculating={checkout.calculating}
          calculationFailed={checkout.calculationFailed}
          onRetry={checkout.retryCalculation}
          addressKnown={Boolean(checkout.countryEntry)}
          couponInput={checkout.couponInput}
          appliedCoupon={checkout.appliedCoupon}
          couponError={checkout.couponError}
          onCouponInput={actions.setCouponInput}
          onApplyCoupon={actions.applyCoupon}
          onRemoveCoupon={actions.removeCoupon}
          error={checkout.summaryError}
          errorRef={errorRef}
        />
        <PayControls checkout={checkout} total={total} hint={hint} />
      </Card>
      <ThreeDsDialog
        url={checkout.threeDsUrl}
        onFinished={actions.threeDsFinished}
        onDismiss={actions.threeDsDismissed}
        returnFocus={() => {
          const pay = document.getElementById(PAY_BUTTON_ID);
          return pay instanceof HTMLButtonElement && !pay.disabled ? pay : errorRef.current;
        }}
      />
    </div>
  );
}

function PayControls({
  checkout,
  total,
  hint,
}: {
  checkout: CheckoutModel;
  total: number | undefined;
  hint: string | null;
}) {
  const config = useAppConfig();
  const termsUrl = config.data?.branding.terms_url ?? "/terms";
  const currency = checkout.summary?.currency;
  const enabled = checkout.blockers.length === 0;
  return (
    <div className="flex flex-col gap-3 border-t border-surface-3 pt-4">
      <label className="flex cursor-pointer items-start gap-3 text-sm text-text-1">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-500"
          checked={checkout.termsAccepted}
          onChange={(e) => checkout.actions.toggleTerms(e.target.checked)}
        />
        <span>
          I agree to the{" "}
          <a
            href={termsUrl}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-link underline underline-offset-2"
          >
            Terms &amp; Conditions
          </a>
        </span>
      </label>
      <Button
        id={PAY_BUTTON_ID}
        size="lg"
        className="w-full"
        disabled={!enabled}
        loading={checkout.processing}
        onClick={() => void checkout.actions.pay()}
        aria-describedby={hint && !checkout.processing ? "checkout-pay-hint" : undefined}
      >
        {checkout.processing ? (
          "Processing..."
        ) : (
          <>
            <ShieldCheck aria-hidden="true" className="h-5 w-5" />
            {total === undefined ? "Pay" : `Pay ${formatMoney(total, currency)}`}
          </>
        )}
      </Button>
      {hint && !checkout.processing ? (
        <p id="checkout-pay-hint" className="text-center text-xs text-text-3">
          {hint}
        </p>
      ) : null}
      <p className="text-center text-xs text-text-3">
        Renews automatically. Cancel anytime from your subscription page.
      </p>
    </div>
  );
}
