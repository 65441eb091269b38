import { createHash } from "node:crypto";
import { BILLING_TEXTS } from "@hearth/contracts";
import Stripe from "stripe";
import type { CardDetails, ChargeRequest, ChargeResult, PaymentProcessor } from "./processor";

export const STRIPE_PATHS = {
  webhook: "/api/billing/stripe/webhook",
  /** The 3-D Secure frame: redirects to the intent's `next_action` page. */
  challenge: (id: string) => `/api/billing/stripe/3ds/${id}`,
  /** Where Stripe sends the frame back after the check (`return_url`). */
  confirmReturn: "/api/billing/stripe/return",
} as const;

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  /** Another API server (the tests' fake); null: api.stripe.com. */
  apiUrl: string | null;
  /** The app's public address, for the 3-D Secure `return_url`. */
  publicUrl: string;
};

export function createStripeClient(settings: Pick<StripeSettings, "secretKey" | "apiUrl">): Stripe {
  const url = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 0,
    telemetry: false,
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === "https:" ? 443 : 80),
          protocol: url.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

/**
 * The order's challenge id for an intent (a uuid made from the intent's id), so a webhook naming the
 * intent finds its order.
 */
export function challengeIdOf(intentId: string): string {
  const hex = createHash("sha256").update(`stripe:${intentId}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The page a `requires_action` intent wants shown: `redirect_to_url`, or a 3-D Secure iframe URL. */
export function nextActionUrl(intent: Stripe.PaymentIntent): string | null {
  const action = intent.next_action;
  if (!action) return null;
  if (action.redirect_to_url?.url) return action.redirect_to_url.url;
  const sdk = (action as { use_stripe_sdk?: { stripe_js?: unknown; iframe_3ds_url?: unknown } })
    .use_stripe_sdk;
  if (typeof sdk?.iframe_3ds_url === "string") return sdk.iframe_3ds_url;
  if (typeof sdk?.stripe_js === "string") return sdk.stripe_js;
  return null;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/**
 * Stripe behind the processor interface: the checkout's token is a PaymentMethod (`pm_...`) from Stripe
 * Elements; the first charge makes (or reuses) the member's Customer, attaches the card and creates a
 * confirmed PaymentIntent with `setup_future_usage: off_session`, so renewals, upgrades and rebills charge
 * the saved card off-session. A `requires_action` intent is the 3-D Secure challenge: its next action is
 * shown in the checkout's frame and the order completes when the intent succeeds (the webhook
 * `payment_intent.succeeded` or the frame's return, whichever comes first; the order completes once).
 */
export function createStripeProcessor(settings: StripeSettings, client?: Stripe): PaymentProcessor {
  const stripe = client ?? createStripeClient(settings);

  async function paymentMethod(token: string): Promise<Stripe.PaymentMethod | null> {
    if (!token.startsWith("pm_")) return null;
    try {
      return await stripe.paymentMethods.retrieve(token);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw error;
    }
  }

  /** The card's customer: the one it is attached to, else the member's (made once), attached now. */
  async function customerFor(method: Stripe.PaymentMethod, request: ChargeRequest): Promise<string> {
    const attached = idOf(method.customer);
    if (attached) return attached;
    const memberId = request.member?.id ?? request.idempotencyKey;
    const customer = await stripe.customers.create(
      { email: request.member?.email || undefined, metadata: { member_id: memberId } },
      { idempotencyKey: `customer:${memberId}` },
    );
    await stripe.paymentMethods.attach(method.id, { customer: customer.id });
    return customer.id;
  }

  function resultOf(intent: Stripe.PaymentIntent, customerPresent: boolean): ChargeResult {
    if (intent.status === "succeeded" || intent.status === "processing")
      return { outcome: "approved", reference: intent.id };
    if (intent.status === "requires_action" && customerPresent && nextActionUrl(intent)) {
      const challengeId = challengeIdOf(intent.id);
      return {
        outcome: "challenge",
        challengeId,
        url: STRIPE_PATHS.challenge(challengeId),
        reference: intent.id,
      };
    }
    return {
      outcome: "declined",
      message: intent.last_payment_error?.message ?? BILLING_TEXTS.declined,
    };
  }

  function declinedBy(error: unknown): ChargeResult {
    if (error instanceof Stripe.errors.StripeCardError)
      return { outcome: "declined", message: error.message || BILLING_TEXTS.declined };
    throw error;
  }

  return {
    name: "stripe",
    testMode: settings.secretKey.startsWith("sk_test_") || settings.secretKey.startsWith("rk_test_"),
    cardPageUrl: null,
    publishableKey: settings.publishableKey,
    challengeUrl: STRIPE_PATHS.challenge,
    async card(token): Promise<CardDetails | null> {
      const method = await paymentMethod(token);
      if (!method?.card) return null;
      const { last4, brand, exp_month: month, exp_year: year } = method.card;
      return {
        token: method.id,
        last4,
        brand: brand.charAt(0).toUpperCase() + brand.slice(1),
        exp: `${String(month).padStart(2, "0")}/${String(year % 100).padStart(2, "0")}`,
      };
    },
    async charge(request) {
      const method = await paymentMethod(request.token);
      if (!method) return { outcome: "declined", message: BILLING_TEXTS.invalidCard };
      try {
        const customer = await customerFor(method, request);
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency.toLowerCase(),
            customer,
            payment_method: method.id,
            description: request.description,
            confirm: true,
            ...(request.customerPresent
              ? {
                  setup_future_usage: "off_session" as const,
                  return_url: `${settings.publicUrl}${STRIPE_PATHS.confirmReturn}`,
                }
              : { off_session: true }),
            payment_method_types: ["card"],
            metadata: { idempotency_key: request.idempotencyKey, member_id: request.member?.id ?? "" },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return resultOf(intent, request.customerPresent);
      } catch (error) {
        return declinedBy(error);
      }
    },
    async confirmChallenge(request) {
      if (!request.challengeReference) return { outcome: "declined", message: BILLING_TEXTS.threeDsFailed };
      try {
        let intent = await stripe.paymentIntents.retrieve(request.challengeReference);
        if (intent.status === "requires_confirmation")
          intent = await stripe.paymentIntents.confirm(intent.id);
        if (intent.status === "requires_action")
          return { outcome: "declined", message: BILLING_TEXTS.threeDsFailed };
        return resultOf(intent, false);
      } catch (error) {
        return declinedBy(error);
      }
    },
    async abandonChallenge(reference) {
      await stripe.paymentIntents.cancel(reference, { cancellation_reason: "abandoned" });
    },
  };
}
