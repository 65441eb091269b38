import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import { z } from "zod";
import { type Permission, ROLE_PERMISSIONS } from "./permissions";
import { PAID_ROLES, ROLE_DISPLAY_NAMES } from "./roles";

/**
 * Subscriptions, checkout and billing (subscriptions spec, sections 1 to 9). Money is integer cents
 * everywhere (`price`, `subtotal`, `total`, `upgrade_price`, `orderTotal` ...); `formatMoney` shows it
 * with 2 decimals. Never floats.
 */

export const paidRoleSchema = z.enum(PAID_ROLES);
export type PaidRole = z.infer<typeof paidRoleSchema>;

export const BILLING_FREQUENCIES = ["monthly", "annual"] as const;
export const billingFrequencySchema = z.enum(BILLING_FREQUENCIES);
export type BillingFrequency = z.infer<typeof billingFrequencySchema>;

/** Plan ids: the role, then `1m` (monthly) or `1y` (yearly). A plan id containing `1y` is yearly. */
export const PLAN_IDS = [
  "minimal_1m",
  "minimal_1y",
  "basic_1m",
  "basic_1y",
  "premium_1m",
  "premium_1y",
] as const;
export const planIdSchema = z.enum(PLAN_IDS, { error: "Choose a plan" });
export type PlanId = z.infer<typeof planIdSchema>;

export const CURRENCY = "USD";
export const currencySchema = z.literal(CURRENCY);

/** Whether a plan id is yearly (spec 4: "A plan_id containing '1y' is yearly; otherwise monthly"). */
export function isYearlyPlanId(planId: string): boolean {
  return planId.includes("1y");
}

export function planIdFor(role: PaidRole, frequency: BillingFrequency): PlanId {
  return `${role}_${frequency === "annual" ? "1y" : "1m"}`;
}

/** Card prices in cents: monthly and yearly (yearly = 10 months: '2 months free / 16% Off'). */
export const PLAN_PRICES_CENTS: Record<PaidRole, Record<BillingFrequency, number>> = {
  minimal: { monthly: 499, annual: 4999 },
  basic: { monthly: 1499, annual: 14999 },
  premium: { monthly: 2499, annual: 24999 },
};

/** The annual tab's discount label (spec 2 and 9). */
export const ANNUAL_TAGLINE = "2 months free / 16% Off";

export type PlanDefinition = {
  plan_id: PlanId;
  role: PaidRole;
  name: string;
  billing_frequency: BillingFrequency;
  /** One billing period: a month or a year. */
  period: "month" | "year";
  price: number;
  currency: typeof CURRENCY;
};

function definePlan(role: PaidRole, frequency: BillingFrequency): PlanDefinition {
  return {
    plan_id: planIdFor(role, frequency),
    role,
    name: ROLE_DISPLAY_NAMES[role],
    billing_frequency: frequency,
    period: frequency === "annual" ? "year" : "month",
    price: PLAN_PRICES_CENTS[role][frequency],
    currency: CURRENCY,
  };
}

/** Every plan, by id. */
export const PLANS: Record<PlanId, PlanDefinition> = Object.fromEntries(
  PLAN_IDS.map((id) => {
    const [role, code] = id.split("_") as [PaidRole, string];
    return [id, definePlan(role, code === "1y" ? "annual" : "monthly")];
  }),
) as Record<PlanId, PlanDefinition>;

/** Checkout's plan when neither the link nor the purchase options name one. */
export const DEFAULT_PLAN_ID: PlanId = "basic_1m";

/** The level of each tier: an upgrade goes to a higher one (spec 1). */
export const TIER_LEVEL: Record<PaidRole, number> = { minimal: 1, basic: 2, premium: 3 };

/** The crypto page's own list (spec 2 and 9), in cents; null: no such option is shown. */
export const CRYPTO_PLANS: readonly {
  role: PaidRole;
  name: string;
  annual: number | null;
  monthly: number | null;
}[] = [
  { role: "minimal", name: ROLE_DISPLAY_NAMES.minimal, annual: 5000, monthly: null },
  { role: "basic", name: ROLE_DISPLAY_NAMES.basic, annual: 14999, monthly: 1500 },
  { role: "premium", name: ROLE_DISPLAY_NAMES.premium, annual: 24999, monthly: 2499 },
];

/** The payment method paid at the crypto list's prices (`/subscribe-crypto` links to checkout with it). */
export const CRYPTO_PAYMENT_METHOD = "coinpayments" as const;

/**
 * A plan's price when paid with crypto (CRYPTO_PAYMENT_METHOD): the crypto list's, or null where the list
 * has no such option (the card price applies).
 */
export function cryptoPriceCents(planId: PlanId): number | null {
  const plan = PLANS[planId];
  const entry = CRYPTO_PLANS.find((item) => item.role === plan.role);
  if (!entry) return null;
  return plan.billing_frequency === "annual" ? entry.annual : entry.monthly;
}

/** A plan's price for a payment method: the crypto list's for CRYPTO_PAYMENT_METHOD, else the card's. */
export function planPriceFor(planId: PlanId, paymentMethod: string | null | undefined): number {
  return (paymentMethod === CRYPTO_PAYMENT_METHOD ? cryptoPriceCents(planId) : null) ?? PLANS[planId].price;
}

/** Money in cents shown with 2 decimals: `formatMoney(499)` is "$4.99"; other currencies get their code. */
export function formatMoney(cents: number, currency: string = CURRENCY): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  const amount = `${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
  return currency === "USD" ? `${sign}$${amount}` : `${sign}${amount} ${currency}`;
}

/** A monthly price per day (price / 30, rounded to the cent): 499 gives 17. */
export function perDayCents(monthlyCents: number): number {
  return Math.round(monthlyCents / 30);
}

/** The Get a Taste card's line: 'Skip The Line for $0.17 per day'. */
export const SKIP_THE_LINE_TEXT = `Skip The Line for ${formatMoney(perDayCents(PLAN_PRICES_CENTS.minimal.monthly))} per day`;

/** What each paid tier gives, as plan-card lines, from the permission table (`ROLE_PERMISSIONS`). */
const FEATURE_LINES: Partial<Record<Permission, string>> = {
  skip_waiting_room: "Skip the waiting room",
  "3k_context": "3K memory (3,072 tokens of context)",
  "4k_context": "4K memory (4,096 tokens of context)",
  "8k_context": "8K memory (up to 16,384 tokens of context)",
  memory_manager: "Memory manager",
  conversation_memory_auto: "Automatic memories",
  generation_settings: "Generation settings",
  conversation_images: "Images in chat",
  conversation_images_v2: "Better images in chat",
  image_training: "Character image training",
  "text-to-speech": "Voice replies",
};

export function planFeatures(role: PaidRole): string[] {
  const permissions = ROLE_PERMISSIONS[role];
  const lines = ["Unlimited messages", "No ads"];
  for (const [permission, line] of Object.entries(FEATURE_LINES)) {
    if (permissions.includes(permission as Permission)) lines.push(line);
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------------
// Texts (spec 4, 5 and 8)

export const BILLING_TEXTS = {
  paymentFailed: "Your payment failed. Please update your payment method to avoid losing access.",
  expired: "Your subscription has expired.",
  nextCycle: "Changes will be effective on the next billing cycle.",
  testMode: "Test mode: no real charges",
  invalidCoupon: "Invalid coupon",
  invalidEmail: "Invalid email address",
  invalidCard: "Enter a valid card, expiration date and cvv.",
  terms: "I agree to the Terms & Conditions",
  firstNameRequired: "Enter your first name",
  lastNameRequired: "Enter your last name",
  nameTooLong: "At most 30 characters",
  countryRequired: "Choose a country",
  declined: "Your card was declined.",
  threeDsFailed: "The card's 3-D Secure check failed. Try again or use another card.",
  approved: "Approved",
  cancelled: "Your subscription is cancelled. You keep access until the end of the billing period.",
  uncancelled: "Your subscription is active again.",
  planChanged: "Your plan has been changed.",
  planChangeScheduled: "Your plan will change on the next billing cycle.",
  cardChanged: "Your card has been updated.",
  rebillSucceeded: "Payment received. Your subscription is active.",
  alreadySubscribed: "You already have a subscription. Manage it from your subscription page.",
  orderExpired: "This payment has expired. Start the checkout again.",
} as const;

/**
 * How long an order waiting for the card's 3-D Secure check or an alternative provider's callback is kept
 * (README, Billing): the job queue then drops it, and a check approved later charges nothing.
 */
export const PENDING_ORDER_EXPIRY_MINUTES = 30;

/** Checkout field limits (spec 5 and 9). */
export const CHECKOUT_LIMITS = {
  nameMax: 30,
  postalCodeMax: 16,
  emailMax: 320,
  promoCodeMax: 64,
  stateMax: 64,
  sessionIdMax: 128,
  paymentTokenMax: 256,
} as const;

const ZIP_COUNTRIES = ["US", "PH", "IR"];
const STATE_COUNTRIES = ["US", "AU", "BR", "IN", "MX", "NG", "DE"];

/** 'Zip' for US, PH, IR; 'Postal Code' otherwise (spec 5). */
export function postalCodeLabel(country: string): "Zip" | "Postal Code" {
  return ZIP_COUNTRIES.includes(country.toUpperCase()) ? "Zip" : "Postal Code";
}

/** 'State' for US, AU, BR, IN, MX, NG, DE; 'Province' otherwise (spec 5). */
export function stateLabel(country: string): "State" | "Province" {
  return STATE_COUNTRIES.includes(country.toUpperCase()) ? "State" : "Province";
}

/** 'Invalid Zip' or 'Invalid Postal Code'. */
export function invalidPostalCodeMessage(country: string): string {
  return `Invalid ${postalCodeLabel(country)}`;
}

export function stateRequiredMessage(country: string): string {
  return `Choose a ${stateLabel(country).toLowerCase()}`;
}

/** Postal code as the server keeps it: trimmed, upper case. */
export function normalizePostalCode(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * Whether a (normalized) postal code is valid for the country: non-empty, at most 16 characters, and
 * matching the country's format where `postcode-validator` knows one.
 */
export function isValidPostalCode(postalCode: string, country: string): boolean {
  const code = normalizePostalCode(postalCode);
  if (code.length === 0 || code.length > CHECKOUT_LIMITS.postalCodeMax) return false;
  const iso2 = country.toUpperCase();
  if (!postcodeValidatorExistsForCountry(iso2)) return true;
  return postcodeValidator(code, iso2);
}

const emailSchema = z
  .string({ error: BILLING_TEXTS.invalidEmail })
  .trim()
  .max(CHECKOUT_LIMITS.emailMax, BILLING_TEXTS.invalidEmail)
  .pipe(z.email(BILLING_TEXTS.invalidEmail));

const personNameSchema = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(CHECKOUT_LIMITS.nameMax, BILLING_TEXTS.nameTooLong);

/** A two-letter country code (ISO 3166-1 alpha-2), upper case. */
export const countryCodeSchema = z
  .string({ error: BILLING_TEXTS.countryRequired })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, BILLING_TEXTS.countryRequired);

const stateCodeSchema = z.string().trim().max(CHECKOUT_LIMITS.stateMax).default("");
const postalCodeInputSchema = z.string().max(64).default("");
const promoCodeSchema = z
  .string()
  .trim()
  .max(CHECKOUT_LIMITS.promoCodeMax, BILLING_TEXTS.invalidCoupon)
  .nullish()
  .transform((v) => (v ? v.toUpperCase() : null));
const offerIdSchema = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((v) => v || null);
/** Where the purchase comes from: 'web' (the default) or a wrapper's name. */
const platformSchema = z.string().trim().max(32).default("web");

/** Adds the postal code's country rule ('Invalid Zip' / 'Invalid Postal Code') on the field `postal_code`. */
function refinePostalCode(value: { country: string; postal_code: string }, ctx: z.RefinementCtx): void {
  if (!value.country) return;
  if (!isValidPostalCode(value.postal_code, value.country)) {
    ctx.addIssue({ code: "custom", path: ["postal_code"], message: invalidPostalCodeMessage(value.country) });
  }
}

// ---------------------------------------------------------------------------------------------------
// Plans, purchase options, countries

export const subscriptionPlanSchema = z.object({
  plan_id: planIdSchema,
  name: z.string(),
  role: paidRoleSchema,
  period: z.enum(["month", "year"]),
  billing_frequency: billingFrequencySchema,
  /** Cents per period. */
  price: z.number().int(),
  currency: z.string(),
  features: z.array(z.string()),
  /** '2 months free / 16% Off' on yearly plans; null on monthly ones. */
  annual_tagline: z.string().nullable(),
  /** Monthly price / 30 in cents, for the '$0.17 per day' line. */
  per_day: z.number().int(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

/** `GET /api/subscriptions/plans` (public): every plan, monthly then yearly per tier. */
export const subscriptionPlanListSchema = z.object({ data: z.array(subscriptionPlanSchema) });

/**
 * The alternative providers (spec 7): each pays on its own hosted page and calls back signed. inwizo and
 * upgate take a `payment_option` from their lists.
 */
export const PAYMENT_PROVIDERS = [
  "volt",
  "payport",
  "antrpay",
  "directa24",
  "luxfin",
  "payok",
  "inwizo",
  "upgate",
  "coinpayments",
] as const;
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;
/** A card, or one of the alternative providers that is configured. */
export const PAYMENT_METHOD_IDS = ["card", ...PAYMENT_PROVIDERS] as const;
export const paymentMethodIdSchema = z.enum(PAYMENT_METHOD_IDS);

export const CARD_PROCESSORS = ["test", "stripe"] as const;
export const cardProcessorSchema = z.enum(CARD_PROCESSORS);
export type CardProcessor = z.infer<typeof cardProcessorSchema>;

export const paymentMethodSchema = z.object({
  id: paymentMethodIdSchema,
  name: z.string(),
  /** Provider options (inwizo's and upgate's), empty for cards. */
  options: z.array(z.string()),
});

/** `GET /api/checkout/purchase-options`: only the methods actually configured are listed. */
export const purchaseOptionsSchema = z.object({
  default_plan_id: planIdSchema,
  payment_methods: z.array(paymentMethodSchema),
  card: z.object({
    processor: cardProcessorSchema,
    /** The built-in test processor: show 'Test mode: no real charges'. */
    test_mode: z.boolean(),
    /** The hosted card page to show in an iframe (test processor); null for Stripe Elements. */
    card_page_url: z.string().nullable(),
    publishable_key: z.string().nullable(),
  }),
});
export type PurchaseOptions = z.infer<typeof purchaseOptionsSchema>;

/**
 * The hosted card page posts this to its parent (same origin) whenever its entry changes: valid with a
 * payment token, or not valid (show 'Enter a valid card, expiration date and cvv.').
 */
export const CARD_FRAME_MESSAGE_TYPE = "hearth:card";
export const cardFrameMessageSchema = z.discriminatedUnion("valid", [
  z.object({
    type: z.literal(CARD_FRAME_MESSAGE_TYPE),
    valid: z.literal(true),
    token: z.string(),
    last_4: z.string(),
    brand: z.string(),
    exp: z.string(),
  }),
  z.object({ type: z.literal(CARD_FRAME_MESSAGE_TYPE), valid: z.literal(false) }),
]);
export type CardFrameMessage = z.infer<typeof cardFrameMessageSchema>;

/** Test processor: `POST /api/checkout/test-processor/tokens` (called by the hosted card page only). */
export const testCardTokenBodySchema = z.object({
  number: z.string().max(32),
  exp: z.string().max(7),
  cvc: z.string().max(4),
});
export type TestCardToken = z.infer<typeof testCardTokenSchema>;
export const testCardTokenSchema = z.object({
  token: z.string(),
  last_4: z.string(),
  brand: z.string(),
  exp: z.string(),
});

export const countrySchema = z.object({
  iso2: z.string(),
  /** Same as iso2 (the spec's entry has an id; ours is the code). */
  id: z.string(),
  name: z.string(),
  /** False: state is optional for this country. */
  has_states: z.boolean(),
});
export type Country = z.infer<typeof countrySchema>;
/** `GET /api/checkout/countries`. */
export const countryListSchema = z.object({ data: z.array(countrySchema) });

export const stateSchema = z.object({ name: z.string(), state_code: z.string() });
export type CountryState = z.infer<typeof stateSchema>;
/** `GET /api/checkout/countries/{iso2}/states` (empty for a country without states). */
export const stateListSchema = z.object({ data: z.array(stateSchema) });
export const countryParamsSchema = z.object({ iso2: countryCodeSchema });

// ---------------------------------------------------------------------------------------------------
// Checkout: calculate and new_order

/**
 * `POST /api/checkout/calculate`: recalculated on every change, so details may still be incomplete
 * (tax needs the country, and the state where the country has states).
 */
export const checkoutCalculateBodySchema = z.object({
  plan_id: planIdSchema,
  offer_id: offerIdSchema,
  email: z.string().trim().max(CHECKOUT_LIMITS.emailMax, BILLING_TEXTS.invalidEmail).default(""),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, BILLING_TEXTS.countryRequired)
    .default(""),
  state: stateCodeSchema,
  postal_code: postalCodeInputSchema,
  promo_code: promoCodeSchema,
  platform: platformSchema,
  /** The chosen payment method where it changes the price (`coinpayments`: the crypto list's prices). */
  payment_method: paymentMethodIdSchema.nullish().transform((value) => value ?? null),
});
export type CheckoutCalculateBody = z.input<typeof checkoutCalculateBodySchema>;

export const lineItemSchema = z.object({
  name: z.string(),
  plan_id: planIdSchema,
  /** Cents for this cycle (an offer's first-cycle price where one applies). */
  amount: z.number().int(),
});

export const discountSchema = z.object({
  code: z.string(),
  valid: z.boolean(),
  /** Cents taken off (0 when not valid). */
  total: z.number().int(),
  /** 'Invalid coupon' when not valid; null otherwise. */
  error: z.string().nullable(),
});
export type Discount = z.infer<typeof discountSchema>;

export const creditCardSchema = z.object({ last_4: z.string(), type: z.string() });
export const cardOnFileSchema = creditCardSchema.extend({ exp: z.string() });

/** Details saved from an earlier purchase: checkout starts them as a summary with Change. */
export const onFileSchema = z.object({
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  country: z.string(),
  state: z.string(),
  postal_code: z.string(),
  /** The earlier order the saved card was used for; null without a saved card. */
  order_id: z.string().nullable(),
  credit_card: cardOnFileSchema.nullable(),
});
export type OnFile = z.infer<typeof onFileSchema>;

export const checkoutCalculationSchema = z.object({
  line_items: z.array(lineItemSchema),
  /** Sum of the line items, before discounts and tax. */
  subtotal: z.number().int(),
  discounts: z.array(discountSchema),
  tax: z.object({
    total: z.number().int(),
    /** Basis points (2000 = 20%); 0 without a rate for the address. */
    rate_bps: z.number().int(),
  }),
  /** subtotal - valid discounts + tax. */
  total: z.number().int(),
  /** What each later cycle costs with tax at today's rate (offers and once-only coupons do not repeat). */
  renewal_total: z.number().int(),
  currency: z.string(),
  on_file: onFileSchema.nullable(),
});
export type CheckoutCalculation = z.infer<typeof checkoutCalculationSchema>;

/** Personal details as the order takes them (every rule of spec 5). State is checked against the lists. */
export const checkoutPersonalInfoSchema = z
  .object({
    email: emailSchema,
    first_name: personNameSchema(BILLING_TEXTS.firstNameRequired),
    last_name: personNameSchema(BILLING_TEXTS.lastNameRequired),
    country: countryCodeSchema,
    state: stateCodeSchema,
    postal_code: postalCodeInputSchema.transform(normalizePostalCode),
  })
  .superRefine(refinePostalCode);
export type CheckoutPersonalInfo = z.input<typeof checkoutPersonalInfoSchema>;

/**
 * `POST /api/checkout/new_order`. `payment_token` comes from the hosted card page; null pays with the
 * card on file. `session_id` identifies this checkout attempt (one per checkout visit): with the
 * member, token, plan, offer and coupon it forms the order's idempotency key, so a double click or a
 * retry charges once.
 */
export const newOrderBodySchema = z
  .object({
    payment_token: z
      .string()
      .trim()
      .max(CHECKOUT_LIMITS.paymentTokenMax, BILLING_TEXTS.invalidCard)
      .nullish(),
    email: emailSchema,
    first_name: personNameSchema(BILLING_TEXTS.firstNameRequired),
    last_name: personNameSchema(BILLING_TEXTS.lastNameRequired),
    country: countryCodeSchema,
    state: stateCodeSchema,
    postal_code: postalCodeInputSchema.transform(normalizePostalCode),
    plan_id: planIdSchema,
    offer_id: offerIdSchema,
    promo_code: promoCodeSchema,
    platform: platformSchema,
    session_id: z.string().trim().min(1).max(CHECKOUT_LIMITS.sessionIdMax),
  })
  .superRefine(refinePostalCode);
export type NewOrderBody = z.input<typeof newOrderBodySchema>;

export const newOrderResponseSchema = z.object({
  /** A decline or a failed check, shown as it comes; null on success or redirect. */
  error_message: z.string().nullable(),
  /** 'Approved', or 'Redirect' when the 3-D Secure frame must open at iframe_3ds_url. */
  resp_msg: z.enum(["Approved", "Redirect"]).nullable(),
  iframe_3ds_url: z.string().nullable(),
  transactionID: z.string().nullable(),
  /** Cents charged (with tax). */
  orderTotal: z.number().int().nullable(),
  currency: z.string(),
  order_id: z.string().nullable(),
  subscription_id: z.string().nullable(),
  plan: planIdSchema.nullable(),
  /** ISO time of the charge. */
  date: z.string().nullable(),
});
export type NewOrderResponse = z.infer<typeof newOrderResponseSchema>;

/**
 * The 3-D Secure frame posts this to its parent when the challenge ends: success carries the completed
 * order (go to the success page with it), failure its error_message.
 */
export const THREE_DS_MESSAGE_TYPE = "hearth:3ds";
export const threeDsFrameMessageSchema = z.object({
  type: z.literal(THREE_DS_MESSAGE_TYPE),
  status: z.enum(["success", "failure"]),
  order: newOrderResponseSchema,
});
export type ThreeDsFrameMessage = z.infer<typeof threeDsFrameMessageSchema>;

/** Test processor's challenge page: `POST /api/checkout/test-processor/3ds/{id}` with the choice. */
export const threeDsDecisionBodySchema = z.object({ decision: z.enum(["approve", "fail"]) });
export const threeDsParamsSchema = z.object({ id: z.uuid() });

// ---------------------------------------------------------------------------------------------------
// Subscriber portal

export const SUBSCRIPTION_STATUSES = ["active", "grace", "cancelled", "expired"] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** How a plan change takes effect: now with a prorated charge, or at the next billing cycle. */
export const CHANGE_TIMINGS = ["DISPLAY_PRICE", "NEXT_CYCLE"] as const;
export const changeTimingSchema = z.enum(CHANGE_TIMINGS);
export type ChangeTiming = z.infer<typeof changeTimingSchema>;

export const productSchema = z.object({
  plan_id: planIdSchema,
  name: z.string(),
  price: z.number().int(),
  currency: z.string(),
  role: paidRoleSchema,
  billing_frequency: billingFrequencySchema,
});
export type Product = z.infer<typeof productSchema>;

export const availablePlanSchema = productSchema.extend({
  /** Cents charged now with tax (DISPLAY_PRICE); 0 when the change waits for the next cycle. */
  upgrade_price: z.number().int(),
  change_timing: changeTimingSchema,
});
export type AvailablePlan = z.infer<typeof availablePlanSchema>;

export const subscriptionSchema = z.object({
  order_id: z.string(),
  subscription_id: z.string(),
  subscription_status: subscriptionStatusSchema,
  /** ISO time of the next renewal (the end of access when cancelled or expired). */
  recur_at: z.string(),
  /** 'Yearly Subscription' or 'Monthly Subscription'. */
  frequency: z.string(),
  billing_frequency: billingFrequencySchema,
  is_card_deleted: z.boolean(),
  current_product: productSchema,
  /** The plan the next cycle renews on, when a change is scheduled (or the plan to reactivate). */
  next_product: productSchema.nullable(),
  credit_card: creditCardSchema.nullable(),
  /** Plans it can change to (not the current one; yearly subscribers get yearly plans only). */
  available_plans: z.array(availablePlanSchema),
  /** In grace: cents due with tax, and when access ends unless it is paid. */
  amount_due: z.number().int().nullable(),
  grace_until: z.string().nullable(),
  /** Where it was bought ('web'); managed here only when true (spec 2 and 6). */
  platform: z.string(),
  can_manage: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `GET /api/subscriptions/sticky`: the member's subscriptions, newest first; the first is the one shown. */
export const stickySubscriptionListSchema = z.object({ data: z.array(subscriptionSchema) });

export const STICKY_ACTIONS = ["cancel", "uncancel", "change_plan", "change_card", "charge_rebill"] as const;
const stickyIds = {
  order_id: z.string().trim().min(1).max(64),
  subscription_id: z.string().trim().min(1).max(64),
};
/** `PUT /api/subscriptions/sticky`. */
export const stickyActionBodySchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("cancel"), ...stickyIds }),
    z.object({ action: z.literal("uncancel"), ...stickyIds }),
    z.object({ action: z.literal("change_plan"), plan_id: planIdSchema, ...stickyIds }),
    z.object({
      action: z.literal("change_card"),
      card_token: z.string().trim().min(1, BILLING_TEXTS.invalidCard).max(CHECKOUT_LIMITS.paymentTokenMax),
      ...stickyIds,
    }),
    z.object({ action: z.literal("charge_rebill"), ...stickyIds }),
  ],
  { error: "Unknown action" },
);
export type StickyActionBody = z.input<typeof stickyActionBodySchema>;

export const stickyActionResponseSchema = z.object({
  /** SUCCESS, or FAILED when a charge was declined (message says why; shown under the card). */
  status: z.enum(["SUCCESS", "FAILED"]),
  subscription_status: subscriptionStatusSchema,
  message: z.string(),
  /** The change_plan timing that applied; null for other actions. */
  change_timing: changeTimingSchema.nullable(),
});
export type StickyActionResponse = z.infer<typeof stickyActionResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Billing history (from the ledger)

export const LEDGER_KINDS = ["charge", "refund", "credit"] as const;
export const ledgerKindSchema = z.enum(LEDGER_KINDS);

export const billingHistoryEntrySchema = z.object({
  id: z.string(),
  kind: ledgerKindSchema,
  /** Cents with tax (a refund or credit is positive too; kind tells). */
  amount: z.number().int(),
  tax: z.number().int(),
  currency: z.string(),
  description: z.string(),
  plan_id: planIdSchema.nullable(),
  subscription_id: z.string().nullable(),
  reference: z.string().nullable(),
  created_at: z.string(),
});
export type BillingHistoryEntry = z.infer<typeof billingHistoryEntrySchema>;
/** `GET /api/billing/history`: newest first. */
export const billingHistorySchema = z.object({ data: z.array(billingHistoryEntrySchema) });

/** The built-in test processor's cards (any future expiry, any 3-digit CVV); listed in the README. */
export const TEST_CARDS = [
  { number: "4242 4242 4242 4242", outcome: "approved" },
  { number: "4000 0000 0000 0002", outcome: "declined" },
  { number: "4000 0027 6000 3184", outcome: "needs 3-D Secure" },
  { number: "4000 0000 0000 0341", outcome: "approved now, fails on renewal" },
] as const;

/**
 * The test processor's hosted pages (`text/html`) and their scripts (`text/javascript`), sent as text.
 */
export const hostedPageSchema = z.string();

// ---------------------------------------------------------------------------------------------------
// Stripe and the alternative payment providers

/** `POST /api/billing/stripe/webhook`: a verified event was taken (applied, or nothing to do). */
export const stripeWebhookResponseSchema = z.object({ received: z.literal(true) });

export const PAYMENT_PROVIDER_OPTIONS: Partial<Record<PaymentProvider, readonly string[]>> = {
  inwizo: ["ecom", "tpay", "sbp"],
  upgate: ["alipay", "kakao", "upi"],
};
export const PAYMENT_PROVIDER_NAMES: Record<PaymentProvider, string> = {
  volt: "Volt",
  payport: "PayPort",
  antrpay: "AntrPay",
  directa24: "Directa24",
  luxfin: "Luxfin",
  payok: "PayOK",
  inwizo: "Inwizo",
  upgate: "Upgate",
  coinpayments: "CoinPayments",
};

export const providerParamsSchema = z.object({ provider: z.string().trim().min(1).max(32) });

/** `POST /api/checkout/{provider}_new_payment` (spec 7). */
export const providerNewPaymentBodySchema = z
  .object({
    plan_id: planIdSchema,
    offer_id: offerIdSchema,
    email: emailSchema,
    first_name: personNameSchema(BILLING_TEXTS.firstNameRequired),
    last_name: personNameSchema(BILLING_TEXTS.lastNameRequired),
    state: stateCodeSchema,
    country: countryCodeSchema,
    postal_code: postalCodeInputSchema.transform(normalizePostalCode),
    promo_code: promoCodeSchema,
    payment_option: z.string().trim().max(32).nullish(),
  })
  .superRefine(refinePostalCode);
export type ProviderNewPaymentBody = z.input<typeof providerNewPaymentBodySchema>;

/** The provider's hosted page to send the member to (`url`), or why not (`error_message`). */
export const providerNewPaymentResponseSchema = z.object({
  error_message: z.string().nullable(),
  url: z.string().nullable(),
});
export type ProviderNewPaymentResponse = z.infer<typeof providerNewPaymentResponseSchema>;

/**
 * `POST /api/checkout/{provider}/callback`: the provider's signed notice (README, Billing: the body's
 * exact bytes signed with HMAC-SHA256 in the `x-signature` header, hex).
 */
export const providerCallbackSchema = z.object({
  order_reference: z.uuid(),
  transaction_id: z.string().min(1).max(128),
  status: z.enum(["paid", "failed"]),
  amount: z.number().int().min(0),
  currency: z.string().min(3).max(3),
});
export type ProviderCallback = z.infer<typeof providerCallbackSchema>;
export const providerCallbackResponseSchema = z.object({ received: z.literal(true) });

/** Checkout and portal calls per member a minute (households share addresses, so not per address). */
export const CHECKOUT_RATE_LIMITS = {
  calculate: { max: 240, timeWindowMs: 60_000 },
  newOrder: { max: 60, timeWindowMs: 60_000 },
  sticky: { max: 60, timeWindowMs: 60_000 },
} as const;
