import { Bitcoin, ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { useAppConfig } from "../../../api/config";
import { ButtonLink } from "../../../components/ui/button";
import { planCards } from "../lib/plans";
import { platformLinks } from "../lib/platform-links";
import { PlanCard } from "./plan-card";

/**
 * `/subscribeOld` (public): the older subscribe page. Three tier cards, the external subscription
 * platforms the operator configured (none: left out), and a link to the crypto page.
 */
export function SubscribeOldPage() {
  const { data: config } = useAppConfig();
  const platforms = platformLinks(config?.settings);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <header className="mx-auto flex max-w-2xl flex-col items-center gap-3 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-text-1 sm:text-4xl">Become a supporter</h1>
        <p className="text-base text-text-2">
          Pick a tier to unlock more of every chat. Prices are monthly and shown before taxes.
        </p>
      </header>

      <section aria-label="Tiers" className="grid gap-6 pt-2 md:grid-cols-3 md:gap-5">
        {planCards("monthly").map((plan) => (
          <PlanCard
            key={plan.planId}
            plan={plan}
            compact
            action={
              <ButtonLink
                to={`/checkout?plan_id=${plan.planId}`}
                variant={plan.popular ? "primary" : "secondary"}
                size="lg"
                className="w-full"
              >
                Subscribe to {plan.name}
              </ButtonLink>
            }
          />
        ))}
      </section>

      <section
        aria-labelledby="other-ways-heading"
        className="mx-auto flex w-full max-w-3xl flex-col gap-4 rounded-3xl border border-surface-3 bg-surface-1 p-5 sm:p-6"
      >
        <h2 id="other-ways-heading" className="text-lg font-bold text-text-1">
          Other ways to subscribe
        </h2>
        {platforms.length > 0 ? (
          <ul className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {platforms.map((platform) => (
              <li key={platform.name}>
                <a
                  href={platform.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex h-10 items-center gap-2 rounded-xl border border-surface-3 bg-surface-2 px-4 text-sm font-semibold text-text-1 hover:bg-surface-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
                >
                  Subscribe on {platform.name}
                  <ExternalLink aria-hidden="true" className="h-4 w-4 text-text-3" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="flex flex-wrap items-center gap-2 text-sm text-text-2">
          <Bitcoin aria-hidden="true" className="h-4 w-4 text-link" />
          Prefer to pay with crypto?
          <Link to="/subscribe-crypto" className="font-semibold text-link underline-offset-4 hover:underline">
            See the crypto plans
          </Link>
        </p>
        <p className="text-sm text-text-3">
          Looking for yearly billing or a side-by-side view?{" "}
          <Link
            to="/plan-comparison/monthly"
            className="font-semibold text-link underline-offset-4 hover:underline"
          >
            Compare plans
          </Link>
        </p>
      </section>
    </div>
  );
}
