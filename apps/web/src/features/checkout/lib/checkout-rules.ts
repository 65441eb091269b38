import {
  BILLING_TEXTS,
  type CheckoutCalculation,
  type CountryState,
  checkoutPersonalInfoSchema,
  DEFAULT_PLAN_ID,
  invalidPostalCodeMessage,
  isValidPostalCode,
  type NewOrderResponse,
  PLAN_IDS,
  type PlanId,
} from "@hearth/contracts";

/**
 * Checkout's rules (subscriptions spec 4 and 5) as pure functions: which fields are wrong, when the pay
 * button may be pressed, the state reset on a country change, and the success page's address.
 */

/** Email and postal code changes wait this long before the order is recalculated (spec 4 and 9). */
export const RECALCULATE_DEBOUNCE_MS = 600;

export type PersonalDetails = {
  email: string;
  first_name: string;
  last_name: string;
  country: string;
  state: string;
  postal_code: string;
};

export const EMPTY_DETAILS: PersonalDetails = {
  email: "",
  first_name: "",
  last_name: "",
  country: "",
  state: "",
  postal_code: "",
};

export type DetailsField = keyof PersonalDetails;

/**
 * The messages for the personal details as the order call takes them (the contracts' rules): 'Invalid
 * email address', 'Invalid Zip' / 'Invalid Postal Code', the names' messages, 'Choose a country'. State is
 * checked by `stateMissing`, against the country's list.
 */
export function detailsErrors(details: PersonalDetails): Partial<Record<DetailsField, string>> {
  const parsed = checkoutPersonalInfoSchema.safeParse(details);
  if (parsed.success) return {};
  const errors: Partial<Record<DetailsField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && field in EMPTY_DETAILS && !errors[field as DetailsField]) {
      errors[field as DetailsField] = issue.message;
    }
  }
  // A postal code is checked against the country's format only once a country is chosen.
  if (details.country && !isValidPostalCode(details.postal_code, details.country)) {
    errors.postal_code = invalidPostalCodeMessage(details.country);
  }
  return errors;
}

/** Whether a state must be chosen: the country has states (spec 4: none makes it optional). */
export function stateRequired(states: readonly CountryState[] | undefined): boolean {
  return Boolean(states && states.length > 0);
}

/** The state kept after a country change: the same one when the new country lists it, else none (spec 4). */
export function stateAfterCountryChange(state: string, states: readonly CountryState[]): string {
  return states.some((entry) => entry.state_code === state) ? state : "";
}

/** Where the checkout was last touched, for the abandonment event (spec 4). */
export type InteractionPoint = "user_details" | "payment_info" | "checkbox";

export type PayConditions = {
  termsAccepted: boolean;
  /** An error is shown: from calculate or new_order, or the coupon's 'Invalid coupon'. */
  errorShown: boolean;
  paymentMethod: string;
  /** The hosted card page reported a valid card (with its token). */
  cardValid: boolean;
  /** Paying with the card on file, which has the earlier order's id. */
  usingSavedCard: boolean;
  savedCardOrderId: string | null;
  processing: boolean;
  details: PersonalDetails;
  /** The country's states; undefined while they load. */
  states: readonly CountryState[] | undefined;
  /** The order summary is known (the price to pay). */
  calculated: boolean;
};

export type PayBlocker =
  | "terms"
  | "error"
  | "card"
  | "processing"
  | "postal_code"
  | "email"
  | "country"
  | "state"
  | "name"
  | "summary";

/**
 * What keeps the pay button disabled, in the order the form reads; empty: it may be pressed. Every rule of
 * spec 5, plus the summary being known (nothing is charged at an unknown price).
 */
export function payBlockers(c: PayConditions): PayBlocker[] {
  const blockers: PayBlocker[] = [];
  const { details } = c;
  if (!details.first_name.trim() || !details.last_name.trim()) blockers.push("name");
  const errors = detailsErrors(details);
  if (errors.email || !details.email.trim()) blockers.push("email");
  if (!details.country) blockers.push("country");
  if (details.country && (c.states === undefined || (stateRequired(c.states) && !details.state)))
    blockers.push("state");
  if (!details.postal_code.trim() || (details.country && errors.postal_code)) blockers.push("postal_code");
  if (c.paymentMethod === "card") {
    const savedCardOk = c.usingSavedCard && Boolean(c.savedCardOrderId);
    if (!(savedCardOk || (!c.usingSavedCard && c.cardValid))) blockers.push("card");
  }
  if (!c.termsAccepted) blockers.push("terms");
  if (c.errorShown) blockers.push("error");
  if (c.processing) blockers.push("processing");
  if (!c.calculated) blockers.push("summary");
  return blockers;
}

export function canPay(c: PayConditions): boolean {
  return payBlockers(c).length === 0;
}

/** A short line under a disabled pay button saying what is missing (the first blocker). */
export function payHint(blocker: PayBlocker | undefined): string | null {
  switch (blocker) {
    case "name":
      return "Enter your first and last name.";
    case "email":
      return "Enter a valid email address.";
    case "country":
      return "Choose your country.";
    case "state":
      return "Choose your state or province.";
    case "postal_code":
      return "Enter a valid postal code.";
    case "card":
      return BILLING_TEXTS.invalidCard;
    case "terms":
      return "Agree to the Terms & Conditions to continue.";
    case "error":
      return "Fix the error above to continue.";
    case "summary":
      return "Calculating your order...";
    default:
      return null;
  }
}

/** The coupon's message from a calculation: 'Invalid coupon' when its discount is not valid. */
export function couponError(
  calculation: CheckoutCalculation | undefined,
  code: string | null,
): string | null {
  if (!calculation || !code) return null;
  const discount = calculation.discounts.find((entry) => entry.code.toUpperCase() === code.toUpperCase());
  if (!discount) return null;
  return discount.valid ? null : (discount.error ?? BILLING_TEXTS.invalidCoupon);
}

/** A plan id from the address, or the default (purchase options', then the contracts'). */
export function resolvePlanId(requested: string | null, fallback: PlanId | undefined): PlanId {
  const known = PLAN_IDS.find((id) => id === requested);
  return known ?? fallback ?? DEFAULT_PLAN_ID;
}

/** The success page's address with the order's query parameters (spec 2). */
export function successPath(order: NewOrderResponse): string {
  const params = new URLSearchParams();
  const put = (key: string, value: string | number | null) => {
    if (value !== null && value !== "") params.set(key, String(value));
  };
  put("orderTotal", order.orderTotal);
  put("order_id", order.order_id);
  put("subscription_id", order.subscription_id);
  put("transactionID", order.transactionID);
  put("plan", order.plan);
  put("date", order.date);
  put("currency", order.currency);
  return `/checkout/success?${params.toString()}`;
}
