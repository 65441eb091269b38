import {
  type AuthResponse,
  authResponseSchema,
  type BillingHistoryEntry,
  billingHistorySchema,
  type CheckoutCalculateBody,
  type CheckoutCalculation,
  type Country,
  type CountryState,
  checkoutCalculationSchema,
  countryListSchema,
  type NewOrderBody,
  type NewOrderResponse,
  newOrderResponseSchema,
  type PaymentProvider,
  type ProviderNewPaymentBody,
  type ProviderNewPaymentResponse,
  type PurchaseOptions,
  providerNewPaymentResponseSchema,
  purchaseOptionsSchema,
  type StickyActionBody,
  type StickyActionResponse,
  type Subscription,
  type SubscriptionPlan,
  stateListSchema,
  stickyActionResponseSchema,
  stickySubscriptionListSchema,
  subscriptionPlanListSchema,
  TIMINGS,
} from "@hearth/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { apiFetch } from "../lib/api-client";
import { useSession } from "../lib/session";

/**
 * Billing calls shared by checkout and the subscription pages (subscriptions spec 7). Money is integer
 * cents everywhere; show it with the contracts' `formatMoney`.
 *
 * Member-specific answers (purchase options, the subscription, billing history) need no viewer in their
 * keys: signing in or out drops every cached answer (the session provider).
 */
export const billingKeys = {
  all: ["billing"] as const,
  plans: ["billing", "plans"] as const,
  purchaseOptions: ["billing", "purchase-options"] as const,
  countries: ["billing", "countries"] as const,
  states: (iso2: string) => ["billing", "countries", iso2.toUpperCase(), "states"] as const,
  calculate: (body: CheckoutCalculateBody) => ["billing", "calculate", body] as const,
  sticky: ["billing", "sticky"] as const,
  history: ["billing", "history"] as const,
};

const DAY_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------------
// Plans, purchase options, countries and states

/** `GET /api/subscriptions/plans` (public): every plan, monthly then yearly per tier. */
export async function fetchSubscriptionPlans(signal?: AbortSignal): Promise<SubscriptionPlan[]> {
  return (await apiFetch("/subscriptions/plans", { schema: subscriptionPlanListSchema, signal })).data;
}

export function subscriptionPlansQuery() {
  return queryOptions({
    queryKey: billingKeys.plans,
    queryFn: ({ signal }) => fetchSubscriptionPlans(signal),
    staleTime: 60 * 60 * 1000,
  });
}

export function useSubscriptionPlans() {
  return useQuery(subscriptionPlansQuery());
}

/** `GET /api/checkout/purchase-options`: the default plan and the payment methods actually configured. */
export function fetchPurchaseOptions(signal?: AbortSignal): Promise<PurchaseOptions> {
  return apiFetch("/checkout/purchase-options", { schema: purchaseOptionsSchema, signal });
}

export function purchaseOptionsQuery() {
  return queryOptions({
    queryKey: billingKeys.purchaseOptions,
    queryFn: ({ signal }) => fetchPurchaseOptions(signal),
    staleTime: 5 * 60 * 1000,
  });
}

export function usePurchaseOptions(enabled = true) {
  return useQuery({ ...purchaseOptionsQuery(), enabled });
}

/** `GET /api/checkout/countries` (public): every country, with whether it has states. */
export async function fetchCountries(signal?: AbortSignal): Promise<Country[]> {
  return (await apiFetch("/checkout/countries", { schema: countryListSchema, signal })).data;
}

export function countriesQuery() {
  return queryOptions({
    queryKey: billingKeys.countries,
    queryFn: ({ signal }) => fetchCountries(signal),
    staleTime: DAY_MS,
    gcTime: DAY_MS,
  });
}

export function useCountries() {
  return useQuery(countriesQuery());
}

/** `GET /api/checkout/countries/{iso2}/states` (public): empty for a country without states. */
export async function fetchStates(iso2: string, signal?: AbortSignal): Promise<CountryState[]> {
  const path = `/checkout/countries/${encodeURIComponent(iso2.toUpperCase())}/states`;
  return (await apiFetch(path, { schema: stateListSchema, signal })).data;
}

export function statesQuery(iso2: string) {
  return queryOptions({
    queryKey: billingKeys.states(iso2),
    queryFn: ({ signal }) => fetchStates(iso2, signal),
    staleTime: DAY_MS,
    gcTime: DAY_MS,
  });
}

/** The states of a country; idle (no request) until a country is chosen. */
export function useStates(iso2: string | null | undefined) {
  return useQuery({ ...statesQuery(iso2 ?? ""), enabled: Boolean(iso2) });
}

// ---------------------------------------------------------------------------------------------------
// Checkout

/** `POST /api/checkout/calculate`: the order summary for the details so far (may be incomplete). */
export function calculateCheckout(
  body: CheckoutCalculateBody,
  signal?: AbortSignal,
): Promise<CheckoutCalculation> {
  return apiFetch("/checkout/calculate", {
    method: "POST",
    body,
    schema: checkoutCalculationSchema,
    signal,
  });
}

export function checkoutCalculationQuery(body: CheckoutCalculateBody) {
  return queryOptions({
    queryKey: billingKeys.calculate(body),
    queryFn: ({ signal }) => calculateCheckout(body, signal),
    staleTime: 30 * 1000,
    retry: false,
  });
}

/**
 * `POST /api/checkout/new_order`: pays with `payment_token` (the hosted card page's) or, when null, the
 * card on file. One `session_id` per checkout visit makes a double click or a retry charge once.
 */
export function createOrder(body: NewOrderBody): Promise<NewOrderResponse> {
  return apiFetch("/checkout/new_order", { method: "POST", body, schema: newOrderResponseSchema });
}

/**
 * `POST /api/checkout/{provider}_new_payment` (spec 7): the provider's hosted page to send the member to
 * (`url`), or why not (`error_message`). Only the providers the purchase options list are configured.
 */
export function createProviderPayment(
  provider: PaymentProvider,
  body: ProviderNewPaymentBody,
): Promise<ProviderNewPaymentResponse> {
  return apiFetch(`/checkout/${encodeURIComponent(provider)}_new_payment`, {
    method: "POST",
    body,
    schema: providerNewPaymentResponseSchema,
  });
}

// ---------------------------------------------------------------------------------------------------
// Subscriber portal

/** `GET /api/subscriptions/sticky`: the member's subscriptions, newest first (the first is the one shown). */
export async function fetchStickySubscriptions(signal?: AbortSignal): Promise<Subscription[]> {
  return (await apiFetch("/subscriptions/sticky", { schema: stickySubscriptionListSchema, signal })).data;
}

export function stickySubscriptionsQuery() {
  return queryOptions({
    queryKey: billingKeys.sticky,
    queryFn: ({ signal }) => fetchStickySubscriptions(signal),
  });
}

/** The member's subscriptions (the first is the one the portal shows). */
export function useStickySubscriptions(enabled = true) {
  return useQuery({ ...stickySubscriptionsQuery(), enabled });
}

/** `PUT /api/subscriptions/sticky`: cancel, uncancel, change_plan, change_card or charge_rebill. */
export function updateStickySubscription(body: StickyActionBody): Promise<StickyActionResponse> {
  return apiFetch("/subscriptions/sticky", { method: "PUT", body, schema: stickyActionResponseSchema });
}

/** `GET /api/billing/history`: charges, refunds and credits from the ledger, newest first. */
export async function fetchBillingHistory(signal?: AbortSignal): Promise<BillingHistoryEntry[]> {
  return (await apiFetch("/billing/history", { schema: billingHistorySchema, signal })).data;
}

export function billingHistoryQuery() {
  return queryOptions({
    queryKey: billingKeys.history,
    queryFn: ({ signal }) => fetchBillingHistory(signal),
  });
}

export function useBillingHistory(enabled = true) {
  return useQuery({ ...billingHistoryQuery(), enabled });
}

// ---------------------------------------------------------------------------------------------------
// The token refresh after a purchase or a plan change (spec 4 and 9: 5 seconds later)

/** Spec 9: the auth token is refreshed this long after a purchase, a plan change or arriving on success. */
export const TOKEN_REFRESH_DELAY_MS = TIMINGS.tokenRefreshAfterPlanChangeMs;

/**
 * `POST /api/auth/refresh`: exchanges the refresh cookie for a new access token, whose session carries
 * the member's new role. Use `useTokenRefresh` from a component (it hands the answer to the session).
 */
export function refreshAuthToken(): Promise<AuthResponse> {
  return apiFetch("/auth/refresh", {
    method: "POST",
    schema: authResponseSchema,
    retryOnExpiredToken: false,
  });
}

/**
 * Answers `schedule()`, which refreshes the auth token `delayMs` later and hands the new token and
 * profile (with the new role and permissions) to the session, so the navbar, profile and gated features
 * follow the plan. A refresh that fails re-reads the profile instead. A scheduled refresh still happens
 * when the page that asked for it is left meanwhile (the member may go straight to a chat after paying):
 * the session it updates is app-wide. `schedule` is stable.
 */
export function useTokenRefresh(delayMs: number = TOKEN_REFRESH_DELAY_MS): () => void {
  const { adoptSession, reloadUser } = useSession();
  const latest = useRef({ adoptSession, reloadUser, delayMs });
  useEffect(() => {
    latest.current = { adoptSession, reloadUser, delayMs };
  });
  const schedule = useRef(() => {
    setTimeout(() => {
      const current = latest.current;
      refreshAuthToken()
        .then((auth) => current.adoptSession(auth))
        .catch(() => current.reloadUser().catch(() => undefined));
    }, latest.current.delayMs);
  });
  return schedule.current;
}
