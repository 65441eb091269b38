import {
  ANNUAL_TAGLINE,
  type Country,
  type CountryState,
  PAID_ROLES,
  PLANS,
  type PlanId,
  perDayCents,
  planFeatures,
  planIdFor,
  type SubscriptionPlan,
} from "@hearth/contracts";
import { allCountries } from "country-region-data";

/** Every plan as the subscribe pages show it: per tier, monthly then yearly. */
export function listPlans(): SubscriptionPlan[] {
  return PAID_ROLES.flatMap((role) =>
    (["monthly", "annual"] as const).map((frequency) => presentPlan(planIdFor(role, frequency))),
  );
}

export function presentPlan(planId: PlanId): SubscriptionPlan {
  const plan = PLANS[planId];
  const monthly = PLANS[planIdFor(plan.role, "monthly")];
  return {
    plan_id: plan.plan_id,
    name: plan.name,
    role: plan.role,
    period: plan.period,
    billing_frequency: plan.billing_frequency,
    price: plan.price,
    currency: plan.currency,
    features: planFeatures(plan.role),
    annual_tagline: plan.billing_frequency === "annual" ? ANNUAL_TAGLINE : null,
    per_day: perDayCents(monthly.price),
  };
}

/**
 * Countries and their states or provinces from `country-region-data` (MIT, maintained). A country listed
 * with a single region is a territory standing for itself (Aruba, Hong Kong ...): it has no states, so
 * the state is optional there. A region without a code is keyed by its name.
 */
type CountryEntry = { country: Country; states: CountryState[] };

const COUNTRIES: ReadonlyMap<string, CountryEntry> = new Map(
  allCountries
    .map(([name, iso2, regions]): [string, CountryEntry] => {
      const states =
        regions.length > 1
          ? regions.map(([stateName, code]) => ({ name: stateName, state_code: code || stateName }))
          : [];
      return [iso2, { country: { iso2, id: iso2, name, has_states: states.length > 0 }, states }];
    })
    .sort((a, b) => a[1].country.name.localeCompare(b[1].country.name, "en")),
);

export function listCountries(): Country[] {
  return [...COUNTRIES.values()].map((entry) => entry.country);
}

export function findCountry(iso2: string): CountryEntry | null {
  return COUNTRIES.get(iso2.toUpperCase()) ?? null;
}

/** The state as stored: its code when the country lists it (by code or name, any case); null otherwise. */
export function matchState(entry: CountryEntry, state: string): string | null {
  const wanted = state.trim().toUpperCase();
  if (!wanted) return null;
  const found = entry.states.find(
    (s) => s.state_code.toUpperCase() === wanted || s.name.toUpperCase() === wanted,
  );
  return found?.state_code ?? null;
}
