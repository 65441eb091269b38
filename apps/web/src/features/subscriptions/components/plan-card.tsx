import { Check, Crown, Flame, Sparkles, Zap } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../components/ui/cn";
import { type PlanCardModel, priceParts } from "../lib/plans";

const TIER_ICONS = { minimal: Zap, basic: Flame, premium: Crown } as const;

/** A tier's card: name, price (2 decimals, plus taxes), the Get a Taste line, features and an action. */
export function PlanCard({
  plan,
  current = false,
  action,
  compact = false,
  headingLevel = 2,
}: {
  plan: PlanCardModel;
  current?: boolean;
  action: ReactNode;
  /** Fewer features (the older subscribe page). */
  compact?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { amount, per } = priceParts(plan.price, plan.period);
  const Icon = TIER_ICONS[plan.role];
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const features = compact ? plan.features.slice(0, 4) : plan.features;
  return (
    <article
      aria-labelledby={`plan-${plan.planId}-name`}
      className={cn(
        "relative flex flex-col rounded-3xl border bg-surface-1 p-5 shadow-xl shadow-black/10 sm:p-6",
        plan.popular ? "border-brand-500/60 ring-1 ring-brand-500/40" : "border-surface-3",
        current && "ring-2 ring-success/50",
      )}
    >
      {plan.popular ? (
        <span className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-gradient-to-r from-brand-700 to-accent-600 px-3 py-1 text-xs font-semibold text-white shadow-md">
          <Sparkles aria-hidden="true" className="h-3 w-3" />
          Most popular
        </span>
      ) : null}
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-10 w-10 items-center justify-center rounded-xl bg-surface-2 text-link ring-1 ring-surface-3"
        >
          <Icon className="h-5 w-5" />
        </span>
        <Heading id={`plan-${plan.planId}-name`} className="text-lg font-bold text-text-1">
          {plan.name}
        </Heading>
        {current ? (
          <Badge variant="success" className="ml-auto">
            Current plan
          </Badge>
        ) : null}
      </div>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-text-1">{amount}</span>
        <span className="text-sm font-medium text-text-2">{per}</span>
      </p>
      <p className="text-xs text-text-3">plus taxes</p>
      {plan.tagline ? (
        <Badge variant="accent" className="mt-3 self-start">
          {plan.tagline}
        </Badge>
      ) : null}
      {plan.highlight ? <p className="mt-3 text-sm font-semibold text-link">{plan.highlight}</p> : null}
      <ul className="mt-5 flex flex-1 flex-col gap-2.5 text-sm text-text-2">
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-success" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-6">{action}</div>
    </article>
  );
}
