import {
  BILLING_TEXTS,
  type CardFrameMessage,
  type CheckoutCalculation,
  type Country,
  type CountryState,
  CRYPTO_PAYMENT_METHOD,
  isYearlyPlanId,
  type NewOrderResponse,
  type OnFile,
  type PaymentProvider,
  PLANS,
  type PlanId,
  paymentProviderSchema,
  planIdFor,
  planPriceFor,
  stateRequiredMessage,
} from "@hearth/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import {
  billingKeys,
  checkoutCalculationQuery,
  createOrder,
  createProviderPayment,
  useCountries,
  usePurchaseOptions,
  useStates,
} from "../../../api/billing";
import type { StripeCardHandle, StripeCardState } from "../../../components/stripe-card";
import { ApiError } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { CHECKOUT_EVENTS, logCheckoutEvent } from "../api/checkout-events";
import {
  couponError,
  type DetailsField,
  detailsErrors,
  EMPTY_DETAILS,
  type InteractionPoint,
  type PayBlocker,
  type PersonalDetails,
  payBlockers,
  RECALCULATE_DEBOUNCE_MS,
  resolvePlanId,
  stateAfterCountryChange,
  stateRequired,
  successPath,
} from "../lib/checkout-rules";
import { NATIVE_COMPLETION_TYPE, notifyNativeWrapper } from "../lib/native-wrapper";
import { goToProviderPage } from "../lib/provider-page";
import { useAbandonmentEvent } from "./use-abandonment-event";
import { useDebouncedValue } from "./use-debounced-value";

const PLATFORM = "web";
const FALLBACK_ERROR = "Uh oh, something went wrong";

type ValidCard = Extract<CardFrameMessage, { valid: true }>;

function newSessionId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function detailsFromFile(onFile: OnFile, fallbackEmail: string): PersonalDetails {
  return {
    email: onFile.email || fallbackEmail,
    first_name: onFile.first_name,
    last_name: onFile.last_name,
    country: onFile.country,
    state: onFile.state,
    postal_code: onFile.postal_code,
  };
}

/** The alternative provider a payment method id names, or null for the card (spec 7). */
function providerOf(methodId: string | null): PaymentProvider | null {
  const parsed = paymentProviderSchema.safeParse(methodId);
  return parsed.success ? parsed.data : null;
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message || FALLBACK_ERROR;
  return FALLBACK_ERROR;
}

/**
 * The whole checkout's state (subscriptions spec 2, 4, 5 and 8): the plan, offer and coupon from the
 * address, the personal details (the saved ones as a summary until Change), the recalculated order, the
 * payment method and card, the terms, the pay button's rules, new_order with its 3-D Secure redirect, and
 * the completion and abandonment events.
 */
export function useCheckout() {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();

  const purchaseOptions = usePurchaseOptions();
  const countries = useCountries();

  // Plan, offer, coupon (query parameters)
  const requestedPlan = searchParams.get("plan_id");
  const planKnown = resolvePlanId(requestedPlan, undefined) === requestedPlan;
  const planId: PlanId | null =
    planKnown || purchaseOptions.data
      ? resolvePlanId(requestedPlan, purchaseOptions.data?.default_plan_id)
      : purchaseOptions.isError
        ? resolvePlanId(null, undefined)
        : null;
  const offerId = searchParams.get("o_id")?.trim() || null;
  const [appliedCoupon, setAppliedCoupon] = useState<string | null>(
    () => searchParams.get("coupon")?.trim().toUpperCase() || null,
  );
  const [couponInput, setCouponInput] = useState(appliedCoupon ?? "");

  // Personal details
  const [details, setDetails] = useState<PersonalDetails>(() => ({
    ...EMPTY_DETAILS,
    email: user?.email ?? "",
  }));
  const [touched, setTouched] = useState<ReadonlySet<DetailsField>>(new Set());
  /** null until the first calculation tells whether details are on file. */
  const [editingDetails, setEditingDetails] = useState<boolean | null>(null);

  // Payment
  const [paymentMethod, setPaymentMethod] = useState<string | null>(null);
  /** The option chosen per provider (inwizo's and upgate's lists); the first listed until one is picked. */
  const [providerOptions, setProviderOptions] = useState<Partial<Record<string, string>>>({});
  const [card, setCard] = useState<ValidCard | null>(null);
  /** Stripe Elements' card (processor "stripe"): its last `change` event, and its Pay step once mounted. */
  const [stripeCard, setStripeCard] = useState<StripeCardState | null>(null);
  const stripeHandle = useRef<StripeCardHandle | null>(null);
  const [usingSavedCard, setUsingSavedCard] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [processing, setProcessing] = useState(false);
  const processingRef = useRef(false);
  const [threeDsUrl, setThreeDsUrl] = useState<string | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  const [dismissedCalcError, setDismissedCalcError] = useState<unknown>(null);
  const [sessionId] = useState(newSessionId);
  const completed = useRef(false);
  const lastInteraction = useRef<InteractionPoint | null>(null);

  const interact = useCallback((point: InteractionPoint) => {
    lastInteraction.current = point;
  }, []);

  useAbandonmentEvent(() =>
    completed.current || !planId ? null : { plan_id: planId, last_interaction: lastInteraction.current },
  );

  // States of the chosen country
  const countryEntry: Country | undefined = countries.data?.find((c) => c.iso2 === details.country);
  const statesQuery = useStates(countryEntry?.has_states ? details.country : null);
  const states: readonly CountryState[] | undefined = !details.country
    ? undefined
    : countryEntry && !countryEntry.has_states
      ? []
      : statesQuery.data;

  // A country change resets the state when the new country does not list it (spec 4).
  useEffect(() => {
    if (!states || !details.state) return;
    const kept = stateAfterCountryChange(details.state, states);
    if (kept !== details.state) setDetails((d) => ({ ...d, state: kept }));
  }, [states, details.state]);

  // Payment method: the link's `method` when the purchase options list it (the crypto page's
  // coinpayments), else the first one listed, until the member picks another
  const methods = purchaseOptions.data?.payment_methods ?? [];
  const requestedMethod = searchParams.get("method");
  const linkedMethod = methods.some((m) => m.id === requestedMethod) ? requestedMethod : null;
  const method = paymentMethod ?? linkedMethod ?? methods[0]?.id ?? null;

  // The order, recalculated on every change (email and postal code debounced, spec 4)
  const debouncedEmail = useDebouncedValue(details.email.trim(), RECALCULATE_DEBOUNCE_MS);
  const debouncedPostalCode = useDebouncedValue(details.postal_code.trim(), RECALCULATE_DEBOUNCE_MS);
  const stateForCalculation =
    states?.some((s) => s.state_code === details.state) === true ? details.state : "";
  // A linked method waits for the purchase options (it may change the price) before the first calculation.
  const methodPending = requestedMethod !== null && purchaseOptions.isPending;
  const calculateBody =
    planId && !methodPending
      ? {
          plan_id: planId,
          offer_id: offerId,
          email: debouncedEmail,
          country: countryEntry ? details.country : "",
          state: stateForCalculation,
          postal_code: debouncedPostalCode,
          promo_code: appliedCoupon,
          platform: PLATFORM,
          // Crypto is priced at the crypto list's prices; every other method at the card's.
          ...(method === CRYPTO_PAYMENT_METHOD ? { payment_method: CRYPTO_PAYMENT_METHOD } : {}),
        }
      : null;
  const calculation = useQuery({
    ...checkoutCalculationQuery(
      calculateBody ?? { plan_id: resolvePlanId(null, undefined), platform: PLATFORM },
    ),
    enabled: calculateBody !== null,
    placeholderData: keepPreviousData,
  });
  const summary: CheckoutCalculation | undefined = calculation.data;
  const onFile = summary?.on_file ?? null;

  // Saved details and card start as summaries (spec 2), once, when the first calculation tells them.
  const appliedOnFile = useRef(false);
  useEffect(() => {
    if (appliedOnFile.current || !summary) return;
    appliedOnFile.current = true;
    if (onFile?.first_name && onFile.country) {
      const saved = detailsFromFile(onFile, user?.email ?? "");
      setDetails(saved);
      const complete = Object.keys(detailsErrors(saved)).length === 0;
      setEditingDetails(!complete);
      if (!complete) setTouched(new Set(Object.keys(EMPTY_DETAILS) as DetailsField[]));
    } else {
      setEditingDetails(true);
    }
    if (onFile?.credit_card && onFile.order_id) setUsingSavedCard(true);
  }, [summary, onFile, user?.email]);

  const methodOptions = methods.find((m) => m.id === method)?.options ?? [];
  const chosenOption = method ? providerOptions[method] : undefined;
  const providerOption =
    chosenOption && methodOptions.includes(chosenOption) ? chosenOption : (methodOptions[0] ?? null);

  const cardOptions = purchaseOptions.data?.card;
  const stripeKey = cardOptions?.processor === "stripe" ? (cardOptions.publishable_key ?? null) : null;
  const cardValid = stripeKey ? stripeCard?.complete === true && !stripeCard.error : card !== null;

  // Errors (spec 8): a calculate or order error shows under the summary and blocks paying
  const calcErrorRaw = calculation.isError && !calculation.isFetching ? calculation.error : null;
  const calcError = calcErrorRaw && calcErrorRaw !== dismissedCalcError ? messageOf(calcErrorRaw) : null;
  const summaryError = orderError ?? calcError;
  const coupon = couponError(summary, appliedCoupon);

  /** The card, the terms or the saved-card choice changed: clear the errors shown (spec 4 and 8). */
  const clearErrors = useCallback(() => {
    setOrderError(null);
    setDismissedCalcError(calcErrorRaw);
  }, [calcErrorRaw]);

  const calculated = Boolean(summary) && !calculation.isPlaceholderData && calculateBody !== null;
  const blockers: PayBlocker[] = payBlockers({
    termsAccepted,
    errorShown: Boolean(summaryError || coupon),
    paymentMethod: method ?? "",
    cardValid,
    usingSavedCard,
    savedCardOrderId: onFile?.order_id ?? null,
    processing,
    details,
    states,
    calculated,
  });

  const fieldErrors = useMemo(() => {
    const all = detailsErrors(details);
    const shown: Partial<Record<DetailsField, string>> = {};
    for (const field of touched) if (all[field]) shown[field] = all[field];
    if (touched.has("state") && details.country && stateRequired(states) && !details.state) {
      shown.state = stateRequiredMessage(details.country);
    }
    return shown;
  }, [details, touched, states]);

  // ------------------------------------------------------------------------------------------------
  // Actions

  function updateDetail(field: DetailsField, value: string) {
    interact("user_details");
    setDetails((d) => ({ ...d, [field]: field === "postal_code" ? value.toUpperCase() : value }));
  }

  function blurDetail(field: DetailsField) {
    setTouched((t) => (t.has(field) ? t : new Set([...t, field])));
  }

  function changeCountry(country: string) {
    interact("user_details");
    setDetails((d) => {
      const cached = queryClient.getQueryData<CountryState[]>(billingKeys.states(country));
      return { ...d, country, state: cached ? stateAfterCountryChange(d.state, cached) : d.state };
    });
  }

  function applyCoupon() {
    interact("payment_info");
    const code = couponInput.trim().toUpperCase();
    setCouponInput(code);
    setAppliedCoupon(code || null);
  }

  function removeCoupon() {
    interact("payment_info");
    setCouponInput("");
    setAppliedCoupon(null);
  }

  function changePlan(next: PlanId) {
    const params = new URLSearchParams(searchParams);
    params.set("plan_id", next);
    setSearchParams(params, { replace: true });
  }

  function chooseMethod(id: string) {
    interact("payment_info");
    setPaymentMethod(id);
  }

  function chooseProviderOption(option: string) {
    interact("payment_info");
    if (!method) return;
    setProviderOptions((current) => ({ ...current, [method]: option }));
  }

  const cardRef = useRef<ValidCard | null>(null);
  function cardChanged(message: CardFrameMessage) {
    const next = message.valid ? message : null;
    if ((cardRef.current?.token ?? null) === (next?.token ?? null)) return;
    cardRef.current = next;
    interact("payment_info");
    setCard(next);
    clearErrors();
  }

  const stripeCardRef = useRef<StripeCardState | null>(null);
  function stripeCardChanged(next: StripeCardState) {
    const previous = stripeCardRef.current;
    stripeCardRef.current = next;
    setStripeCard(next);
    if (previous?.complete === next.complete && previous.error === next.error) return;
    interact("payment_info");
    clearErrors();
  }

  /** The Card Element mounted (its Pay step) or went (saved card chosen): a new one starts empty. */
  function stripeCardReady(handle: StripeCardHandle | null) {
    stripeHandle.current = handle;
    if (!handle) {
      stripeCardRef.current = null;
      setStripeCard(null);
    }
  }

  /** Stripe: the entered card becomes a PaymentMethod (`pm_...`), sent as new_order's payment_token. */
  async function stripePaymentToken(): Promise<{ token: string } | { error: string }> {
    const handle = stripeHandle.current;
    if (!handle) return { error: BILLING_TEXTS.invalidCard };
    const result = await handle.createPaymentMethod({
      name: `${details.first_name} ${details.last_name}`.trim(),
      email: details.email,
      address: { country: details.country, state: details.state, postal_code: details.postal_code },
    });
    return "id" in result ? { token: result.id } : result;
  }

  function chooseSavedCard(use: boolean) {
    interact("payment_info");
    if (use === usingSavedCard) return;
    setUsingSavedCard(use);
    clearErrors();
  }

  function toggleTerms(accepted: boolean) {
    interact("checkbox");
    setTermsAccepted(accepted);
    clearErrors();
  }

  function complete(order: NewOrderResponse) {
    completed.current = true;
    // The analytics event and the native wrapper's message describe the order alike.
    const completion = {
      plan_id: order.plan ?? planId ?? "",
      order_id: order.order_id,
      subscription_id: order.subscription_id,
      transaction_id: order.transactionID,
      total: order.orderTotal,
      currency: order.currency,
    };
    logCheckoutEvent(CHECKOUT_EVENTS.completed, { ...completion, payment_method: method ?? "card" });
    notifyNativeWrapper({ type: NATIVE_COMPLETION_TYPE, ...completion });
    void queryClient.invalidateQueries({ queryKey: billingKeys.sticky });
    void queryClient.invalidateQueries({ queryKey: billingKeys.history });
    navigate(successPath(order));
  }

  function fail(message: string) {
    processingRef.current = false;
    setProcessing(false);
    setThreeDsUrl(null);
    setOrderError(message || FALLBACK_ERROR);
  }

  function handleOrder(order: NewOrderResponse) {
    if (order.resp_msg === "Approved") {
      complete(order);
      return;
    }
    if (order.resp_msg === "Redirect" && order.iframe_3ds_url) {
      setThreeDsUrl(order.iframe_3ds_url);
      return;
    }
    fail(order.error_message ?? FALLBACK_ERROR);
  }

  /** An alternative provider: its hosted page (`url`) takes over, or its `error_message` shows (spec 7, 8). */
  async function payWithProvider(provider: PaymentProvider, plan: PlanId) {
    try {
      const answer = await createProviderPayment(provider, {
        plan_id: plan,
        offer_id: offerId,
        email: details.email,
        first_name: details.first_name,
        last_name: details.last_name,
        state: details.state,
        country: details.country,
        postal_code: details.postal_code,
        promo_code: appliedCoupon,
        payment_option: providerOption,
      });
      if (answer.error_message || !answer.url) {
        fail(answer.error_message ?? FALLBACK_ERROR);
        return;
      }
      // Leaving for the provider's page is not an abandonment; the button stays busy while the page goes.
      completed.current = true;
      goToProviderPage(answer.url);
    } catch (error) {
      fail(messageOf(error));
    }
  }

  async function pay() {
    if (processingRef.current || blockers.length > 0 || !planId) return;
    processingRef.current = true;
    setProcessing(true);
    setOrderError(null);
    const provider = providerOf(method);
    if (provider) {
      await payWithProvider(provider, planId);
      return;
    }
    try {
      let paymentToken: string | null = null;
      if (!usingSavedCard) {
        if (stripeKey) {
          const created = await stripePaymentToken();
          if ("error" in created) {
            fail(created.error);
            return;
          }
          paymentToken = created.token;
        } else {
          paymentToken = card?.token ?? null;
        }
      }
      const order = await createOrder({
        payment_token: paymentToken,
        email: details.email,
        first_name: details.first_name,
        last_name: details.last_name,
        country: details.country,
        state: details.state,
        postal_code: details.postal_code,
        plan_id: planId,
        offer_id: offerId,
        promo_code: appliedCoupon,
        platform: PLATFORM,
        session_id: sessionId,
      });
      handleOrder(order);
    } catch (error) {
      fail(messageOf(error));
    }
  }

  /** The 3-D Secure frame answered: success completes the purchase, failure shows its message (spec 4). */
  function threeDsFinished(status: "success" | "failure", order: NewOrderResponse) {
    if (status === "success" && order.resp_msg === "Approved") complete(order);
    else fail(order.error_message ?? FALLBACK_ERROR);
  }

  /** The member closed the 3-D Secure frame: nothing is charged; paying again reopens the same check. */
  function threeDsDismissed() {
    processingRef.current = false;
    setProcessing(false);
    setThreeDsUrl(null);
  }

  // The plan as paid with the chosen method (coinpayments: the crypto list's price, as calculate prices it).
  const plan = planId ? { ...PLANS[planId], price: planPriceFor(planId, method) } : null;
  const otherFrequencyPlan: PlanId | null = plan
    ? planIdFor(plan.role, isYearlyPlanId(plan.plan_id) ? "monthly" : "annual")
    : null;

  return {
    planId,
    plan,
    otherFrequencyPlan,
    offerId,
    purchaseOptions,
    countries,
    countryEntry,
    states,
    statesLoading: statesQuery.isLoading,
    details,
    fieldErrors,
    editingDetails,
    onFile,
    summary,
    calculating: calculation.isFetching,
    calculationFailed: calculation.isError && !summary,
    retryCalculation: () => void calculation.refetch(),
    summaryError,
    couponInput,
    appliedCoupon,
    couponError: coupon,
    methods,
    method,
    providerOption,
    card,
    stripeKey,
    stripeCard,
    usingSavedCard,
    termsAccepted,
    processing,
    threeDsUrl,
    blockers,
    actions: {
      updateDetail,
      blurDetail,
      changeCountry,
      editDetails: () => {
        interact("user_details");
        setEditingDetails(true);
      },
      setCouponInput,
      applyCoupon,
      removeCoupon,
      changePlan,
      chooseMethod,
      chooseProviderOption,
      cardChanged,
      stripeCardChanged,
      stripeCardReady,
      chooseSavedCard,
      toggleTerms,
      pay,
      threeDsFinished,
      threeDsDismissed,
      interact,
    },
  };
}

export type CheckoutModel = ReturnType<typeof useCheckout>;
