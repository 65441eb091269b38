import { ANNUAL_TAGLINE, type BillingFrequency, ROLE_DISPLAY_NAMES } from "@hearth/contracts";
import { Check, Minus } from "lucide-react";
import { Link, useParams } from "react-router";
import { Badge } from "../../../components/ui/badge";
import { ButtonLink } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import {
  COMPARISON_TIERS,
  type ComparisonCell,
  comparisonRows,
  FREQUENCY_LABELS,
  parseFrequency,
  tierPrice,
} from "../lib/plans";

/**
 * `/plan-comparison/:frequency` and `/plan-comparison` (public): every tier side by side; frequency monthly
 * (the default, also without the parameter or with an unknown one) or annual.
 */
export function PlanComparisonPage() {
  const frequency = parseFrequency(useParams().frequency);
  const rows = comparisonRows();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 pt-8 pb-16 sm:px-6">
      <header className="flex flex-col items-center gap-3 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-text-1 sm:text-4xl">Compare plans</h1>
        <p className="max-w-xl text-base text-text-2">
          Everything each tier includes. Prices are shown before taxes.
        </p>
        <nav
          aria-label="Billing period"
          className="flex gap-1 rounded-2xl border border-surface-3 bg-surface-1 p-1"
        >
          {(["monthly", "annual"] as const).map((option) => (
            <FrequencyLink key={option} frequency={option} current={option === frequency} />
          ))}
        </nav>
        {frequency === "annual" ? <Badge variant="accent">{ANNUAL_TAGLINE}</Badge> : null}
      </header>

      <div className="rounded-3xl border border-surface-3 bg-surface-1 shadow-xl shadow-black/10">
        <table className="w-full table-fixed border-collapse text-xs sm:text-sm">
          <caption className="sr-only">{FREQUENCY_LABELS[frequency]} plans compared</caption>
          <thead>
            <tr className="border-b border-surface-3">
              <th
                scope="col"
                className="sticky left-0 z-10 bg-surface-1 p-4 text-left font-semibold text-text-2"
              >
                Feature
              </th>
              {COMPARISON_TIERS.map((tier) => {
                const { amount, per } = tierPrice(tier, frequency);
                return (
                  <th
                    key={tier}
                    scope="col"
                    className={cn(
                      "p-1.5 text-center align-bottom sm:p-4",
                      tier === "basic" && "bg-brand-500/10",
                    )}
                  >
                    <span className="block text-xs leading-tight font-bold text-text-1 sm:text-base">
                      {ROLE_DISPLAY_NAMES[tier]}
                    </span>
                    <span className="mt-1 block font-semibold text-text-1">
                      {amount}
                      <span className="block font-normal text-text-2 sm:inline">{per}</span>
                    </span>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-b border-surface-3 last:border-b-0">
                <th scope="row" className="p-2 text-left font-medium text-text-1 sm:p-4">
                  {row.label}
                </th>
                {COMPARISON_TIERS.map((tier) => (
                  <td
                    key={tier}
                    className={cn("p-1.5 text-center sm:p-4", tier === "basic" && "bg-brand-500/10")}
                  >
                    <Cell value={row.cells[tier]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="flex flex-col items-center gap-3 text-center">
        <ButtonLink to="/subscribe" size="lg">
          See plans and subscribe
        </ButtonLink>
        <p className="text-sm text-text-3">
          Prefer crypto?{" "}
          <Link to="/subscribe-crypto" className="font-semibold text-link underline-offset-4 hover:underline">
            Subscribe with crypto
          </Link>
        </p>
      </div>
    </div>
  );
}

function FrequencyLink({ frequency, current }: { frequency: BillingFrequency; current: boolean }) {
  return (
    <Link
      to={`/plan-comparison/${frequency}`}
      aria-current={current ? "page" : undefined}
      replace
      className={cn(
        "rounded-xl px-5 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400",
        current
          ? "bg-gradient-to-r from-brand-700 to-accent-600 text-white"
          : "text-text-2 hover:bg-surface-2 hover:text-text-1",
      )}
    >
      {FREQUENCY_LABELS[frequency]}
    </Link>
  );
}

function Cell({ value }: { value: ComparisonCell }) {
  if (typeof value === "string") return <span className="font-medium text-text-1">{value}</span>;
  return value ? (
    <>
      <Check aria-hidden="true" className="mx-auto h-5 w-5 text-success" />
      <span className="sr-only">Included</span>
    </>
  ) : (
    <>
      <Minus aria-hidden="true" className="mx-auto h-5 w-5 text-text-3" />
      <span className="sr-only">Not included</span>
    </>
  );
}
