import {
  type AvailablePlan,
  BILLING_TEXTS,
  type BillingFrequency,
  formatMoney,
  isYearlyPlanId,
  PAID_ROLES,
  PLANS,
  type PlanId,
  planIdFor,
  type StickyActionResponse,
  type Subscription,
} from "@hearth/contracts";
import { ArrowUpDown, Check } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Dialog } from "../../../components/ui/dialog";
import { useStickyAction } from "../hooks/use-sticky-action";
import { chargesNow, frequenciesFor, priceParts } from "../lib/plans";
import { stickyIds } from "../lib/portal";
import { FrequencyTabs, tabId } from "./frequency-tabs";

/**
 * The plan dialog (spec 4): monthly and annual tabs (none when the current plan is yearly), the plans of
 * the tab with the current one not selectable, and for the chosen plan either the prorated price to pay
 * now with taxes (DISPLAY_PRICE) or 'Changes will be effective on the next billing cycle.' (NEXT_CYCLE).
 * Confirming sends `change_plan`; the server's answer goes to `onChanged`.
 */
export function ChangePlanDialog({
  subscription,
  open,
  onOpenChange,
  initialPlanId = null,
  onChanged,
}: {
  subscription: Subscription;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialPlanId?: PlanId | null;
  onChanged: (response: StickyActionResponse) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      icon={<ArrowUpDown aria-hidden="true" className="h-5 w-5" />}
      title="Change plan"
      description={`You're on ${subscription.current_product.name} (${isYearlyPlanId(subscription.current_product.plan_id) ? "yearly" : "monthly"}).`}
      className="max-w-lg"
    >
      <ChangePlanForm
        subscription={subscription}
        initialPlanId={initialPlanId}
        onCancel={() => onOpenChange(false)}
        onChanged={onChanged}
      />
    </Dialog>
  );
}

function ChangePlanForm({
  subscription,
  initialPlanId,
  onCancel,
  onChanged,
}: {
  subscription: Subscription;
  initialPlanId: PlanId | null;
  onCancel: () => void;
  onChanged: (response: StickyActionResponse) => void;
}) {
  const idPrefix = useId();
  const panelId = `${idPrefix}-plans`;
  const frequencies = frequenciesFor(subscription);
  const currentId = subscription.current_product.plan_id;
  const startFrequency =
    initialPlanId && frequencies.includes(frequencyOf(initialPlanId))
      ? frequencyOf(initialPlanId)
      : frequencyOf(currentId);
  const [frequency, setFrequency] = useState<BillingFrequency>(startFrequency);
  const [selected, setSelected] = useState<PlanId | null>(
    initialPlanId && initialPlanId !== currentId ? initialPlanId : null,
  );
  const { submitting, error, setError, send } = useStickyAction(onChanged);

  const available = new Map<PlanId, AvailablePlan>(subscription.available_plans.map((p) => [p.plan_id, p]));
  const chosen = selected ? (available.get(selected) ?? null) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    void send({ action: "change_plan", plan_id: chosen.plan_id, ...stickyIds(subscription) });
  }

  const tabbed = frequencies.length > 1;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {tabbed ? (
        <FrequencyTabs
          value={frequency}
          onChange={(next) => {
            setFrequency(next);
            setError(null);
          }}
          panelId={panelId}
          idPrefix={idPrefix}
          className="max-w-none sm:w-full"
        />
      ) : null}
      <fieldset
        id={panelId}
        role={tabbed ? "tabpanel" : undefined}
        aria-labelledby={tabbed ? tabId(idPrefix, frequency) : undefined}
        className="flex flex-col gap-2"
      >
        <legend className={tabbed ? "sr-only" : "mb-2 text-sm font-semibold text-text-2"}>
          {frequency === "annual" ? "Yearly plans" : "Monthly plans"}
        </legend>
        {PAID_ROLES.map((role) => {
          const planId = planIdFor(role, frequency);
          const plan = PLANS[planId];
          const isCurrent = planId === currentId;
          const offered = available.get(planId);
          const disabled = isCurrent || !offered;
          const { amount, per } = priceParts(plan.price, plan.period);
          return (
            <label
              key={planId}
              className={cn(
                "flex items-center gap-3 rounded-2xl border p-3.5 transition-colors",
                selected === planId
                  ? "border-brand-500/70 bg-brand-500/10"
                  : "border-surface-3 bg-surface-2/50",
                disabled ? "cursor-not-allowed opacity-70" : "cursor-pointer hover:border-brand-500/40",
              )}
            >
              <input
                type="radio"
                name={`${idPrefix}-plan`}
                value={planId}
                checked={selected === planId}
                disabled={disabled}
                onChange={() => {
                  setSelected(planId);
                  setError(null);
                }}
                className="h-4 w-4 accent-brand-500"
              />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-text-1">{plan.name}</span>
                <span className="block text-sm text-text-2">
                  {amount}
                  {per} plus taxes
                </span>
              </span>
              {isCurrent ? (
                <Badge variant="success">Current plan</Badge>
              ) : !offered ? (
                <Badge variant="neutral">Not available</Badge>
              ) : null}
            </label>
          );
        })}
      </fieldset>
      <div aria-live="polite">
        {chosen ? <ChangeNotice plan={chosen} /> : null}
        {chosen ? null : <p className="text-sm text-text-3">Choose a plan to see when the change applies.</p>}
      </div>
      {error ? <Alert>{error}</Alert> : null}
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={!chosen} loading={submitting}>
          {chosen && chargesNow(chosen)
            ? `Pay ${formatMoney(chosen.upgrade_price)} and switch`
            : "Confirm change"}
        </Button>
      </div>
    </form>
  );
}

const frequencyOf = (planId: PlanId): BillingFrequency => (isYearlyPlanId(planId) ? "annual" : "monthly");

/** DISPLAY_PRICE: the prorated price to pay now, taxes included; NEXT_CYCLE: the next-cycle notice. */
export function ChangeNotice({ plan }: { plan: AvailablePlan }) {
  if (chargesNow(plan)) {
    return (
      <div className="flex items-start gap-2 rounded-xl border border-brand-500/40 bg-brand-500/10 p-3.5 text-sm text-text-1">
        <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-link" />
        <p>
          You'll pay <strong className="font-bold">{formatMoney(plan.upgrade_price, plan.currency)}</strong>{" "}
          now, taxes included: the prorated difference for the rest of this billing period. {plan.name} starts
          right away.
        </p>
      </div>
    );
  }
  return (
    <p className="rounded-xl border border-surface-3 bg-surface-2/60 p-3.5 text-sm text-text-1">
      {BILLING_TEXTS.nextCycle}
    </p>
  );
}
