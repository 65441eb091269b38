import {
  type CheckoutCalculation,
  formatMoney,
  isYearlyPlanId,
  type PlanDefinition,
  type PlanId,
} from "@hearth/contracts";
import { Tag, X } from "lucide-react";
import { type FormEvent, type RefObject, useId } from "react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { inputClasses } from "../../../components/ui/input";

/** Basis points as a percentage: 1900 is "19%", 825 is "8.25%". */
export function formatRate(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const rest = bps % 100;
  return rest === 0 ? `${whole}%` : `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}%`;
}

export type OrderSummaryProps = {
  plan: PlanDefinition;
  otherFrequencyPlan: PlanId | null;
  onChangePlan: (planId: PlanId) => void;
  summary: CheckoutCalculation | undefined;
  calculating: boolean;
  calculationFailed: boolean;
  onRetry: () => void;
  /** Whether tax can be known yet (a country is chosen). */
  addressKnown: boolean;
  couponInput: string;
  appliedCoupon: string | null;
  couponError: string | null;
  onCouponInput: (value: string) => void;
  onApplyCoupon: () => void;
  onRemoveCoupon: () => void;
  error: string | null;
  errorRef: RefObject<HTMLParagraphElement | null>;
};

/** The plan, line items, coupon, subtotal, discounts, tax and total; errors in red under it (spec 2 and 8). */
export function OrderSummary(props: OrderSummaryProps) {
  const { plan, summary, calculating, calculationFailed, onRetry, addressKnown, error, errorRef } = props;
  const currency = summary?.currency ?? plan.currency;
  const money = (cents: number) => formatMoney(cents, currency);
  const yearly = isYearlyPlanId(plan.plan_id);
  const validDiscounts = summary?.discounts.filter((d) => d.valid) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <PlanHeader {...props} />
      <CouponField {...props} />
      {calculationFailed ? (
        <div className="flex items-center justify-between gap-3 text-sm text-text-2">
          <span>The order summary could not be loaded.</span>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : summary ? (
        <div className="flex flex-col gap-2">
          <dl
            className={cn(
              "flex flex-col gap-2 text-sm transition-opacity",
              calculating && "opacity-60 motion-reduce:opacity-100",
            )}
            aria-busy={calculating || undefined}
          >
            {summary.line_items.map((item) => (
              <Row key={`${item.plan_id}-${item.name}`} label={item.name} value={money(item.amount)} />
            ))}
            <Row label="Subtotal" value={money(summary.subtotal)} divider />
            {validDiscounts.map((discount) => (
              <Row
                key={discount.code}
                label={`Coupon ${discount.code}`}
                value={money(-discount.total)}
                tone="success"
              />
            ))}
            <Row
              label={
                addressKnown && summary.tax.rate_bps > 0 ? `Tax (${formatRate(summary.tax.rate_bps)})` : "Tax"
              }
              value={addressKnown ? money(summary.tax.total) : "Added with your address"}
              muted={!addressKnown}
            />
            <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-surface-3 pt-3">
              <dt className="text-base font-bold text-text-1">Total due today</dt>
              <dd className="text-xl font-extrabold text-text-1 tabular-nums">
                {money(summary.total)}
                {addressKnown ? null : (
                  <span className="ml-1 text-xs font-medium text-text-3">plus taxes</span>
                )}
              </dd>
            </div>
          </dl>
          <p className="text-xs text-text-3">
            Renews at {money(summary.renewal_total)}
            {addressKnown ? "" : " plus taxes"} per {yearly ? "year" : "month"} until you cancel.
          </p>
        </div>
      ) : (
        <div role="status" aria-label="Calculating your order" className="flex flex-col gap-2">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-5 animate-pulse rounded bg-surface-2 motion-reduce:animate-none" />
          ))}
        </div>
      )}
      <p
        ref={errorRef}
        tabIndex={-1}
        role="alert"
        className={cn("text-sm font-medium text-danger outline-none", !error && "sr-only")}
      >
        {error ?? ""}
      </p>
    </div>
  );
}

function PlanHeader({ plan, otherFrequencyPlan, onChangePlan }: OrderSummaryProps) {
  const yearly = isYearlyPlanId(plan.plan_id);
  const choose = (toYearly: boolean) => {
    if (toYearly !== yearly && otherFrequencyPlan) onChangePlan(otherFrequencyPlan);
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-wide text-text-3 uppercase">Your plan</p>
          <p className="text-lg font-bold text-text-1">{plan.name}</p>
          <p className="text-sm text-text-2">
            {formatMoney(plan.price, plan.currency)} per {yearly ? "year" : "month"} plus taxes
          </p>
        </div>
      </div>
      {otherFrequencyPlan ? (
        <fieldset className="grid grid-cols-2 gap-1 rounded-xl bg-surface-2 p-1">
          <legend className="sr-only">Billing</legend>
          {[false, true].map((option) => (
            <label
              key={String(option)}
              className={cn(
                "cursor-pointer rounded-lg px-3 py-1.5 text-center text-sm font-semibold transition-colors",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-400",
                option === yearly ? "bg-surface-0 text-text-1 shadow" : "text-text-2 hover:text-text-1",
              )}
            >
              <input
                type="radio"
                name="billing"
                className="sr-only"
                checked={option === yearly}
                onChange={() => choose(option)}
              />
              {option ? "Annual" : "Monthly"}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

function CouponField({
  couponInput,
  appliedCoupon,
  couponError,
  onCouponInput,
  onApplyCoupon,
  onRemoveCoupon,
}: OrderSummaryProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApplyCoupon();
  };
  if (appliedCoupon && !couponError) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-xl border border-success/40 bg-success/10 px-3 py-2 text-sm">
        <span className="flex items-center gap-2 font-semibold text-text-1">
          <Tag aria-hidden="true" className="h-4 w-4 text-success" />
          Coupon {appliedCoupon} applied
        </span>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemoveCoupon}
          aria-label={`Remove coupon ${appliedCoupon}`}
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5" noValidate>
      <label htmlFor={id} className="text-sm font-medium text-text-1">
        Coupon
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="coupon"
          autoComplete="off"
          autoCapitalize="characters"
          className={inputClasses}
          value={couponInput}
          maxLength={64}
          placeholder="Promotion code"
          onChange={(e) => onCouponInput(e.target.value.toUpperCase())}
          aria-invalid={couponError ? true : undefined}
          aria-describedby={couponError ? errorId : undefined}
        />
        <Button type="submit" variant="secondary" disabled={!couponInput.trim() && !appliedCoupon}>
          Apply
        </Button>
      </div>
      {couponError ? (
        <p id={errorId} className="flex items-center justify-between gap-2 text-xs font-medium text-danger">
          <span>{couponError}</span>
          <button
            type="button"
            className="rounded text-text-2 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-400"
            onClick={onRemoveCoupon}
          >
            Remove
          </button>
        </p>
      ) : null}
    </form>
  );
}

function Row({
  label,
  value,
  divider,
  muted,
  tone,
}: {
  label: string;
  value: string;
  divider?: boolean;
  muted?: boolean;
  tone?: "success";
}) {
  return (
    <div
      className={cn("flex items-baseline justify-between gap-4", divider && "border-t border-surface-3 pt-2")}
    >
      <dt className="text-text-2">{label}</dt>
      <dd
        className={cn(
          "text-right tabular-nums",
          muted ? "text-xs text-text-3" : "text-text-1",
          tone === "success" && "text-success",
        )}
      >
        {value}
      </dd>
    </div>
  );
}
