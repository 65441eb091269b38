import { createHmac, timingSafeEqual } from "node:crypto";
import {
  PAYMENT_PROVIDER_NAMES,
  PAYMENT_PROVIDER_OPTIONS,
  PAYMENT_PROVIDERS,
  type PaymentProvider,
  type PurchaseOptions,
  providerCallbackResponseSchema,
  providerCallbackSchema,
  providerNewPaymentBodySchema,
  providerNewPaymentResponseSchema,
} from "@hearth/contracts";
import type { ProviderSettings } from "../../config";
import type { App } from "../../context";
import { AppError, notFound } from "../../http/errors";
import { perMinute, perSession } from "../../http/rate-limit";
import { requireMember } from "../../kernel/auth-context";
import { MEMBER, PUBLIC } from "../../kernel/route-access";
import type { BillingService } from "./service";

/**
 * The alternative payment providers (spec 7), one generic redirect-and-signed-callback adapter configured
 * per provider (PAYMENT_PROVIDERS; README, Billing, documents the protocol):
 *
 * - `POST /api/checkout/{provider}_new_payment` prices and claims the order and answers the provider's
 *   hosted page: `base_url` with `reference`, `amount` (cents), `currency`, `payment_option`, `email`,
 *   `callback_url`, `return_url` and `signature`, the hex HMAC-SHA256 (the provider's secret) of the other
 *   parameters as `key=value` joined by `&` in key order.
 * - `POST /api/checkout/{provider}/callback`: JSON `{order_reference, transaction_id, status, amount,
 *   currency}` with `x-signature`, the hex HMAC-SHA256 of the body's exact bytes. A bad signature is
 *   refused (400) with nothing applied; a paid callback activates the subscription once however often it
 *   arrives.
 */
export const providerPaths = {
  newPayment: (name: PaymentProvider) => `/api/checkout/${name}_new_payment`,
  callback: (name: PaymentProvider) => `/api/checkout/${name}/callback`,
};

export const SIGNATURE_HEADER = "x-signature";

export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac("sha256", secret).update(data).digest("hex");
}

/** What the redirect's signature covers: every parameter but `signature`, `key=value` sorted by key. */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key !== "signature")
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join("&");
}

export function providerPageUrl(
  settings: ProviderSettings,
  params: Record<string, string>,
): { url: string; signature: string } {
  const signature = hmacHex(settings.secret, canonicalQuery(params));
  const url = new URL(settings.baseUrl);
  for (const [key, value] of Object.entries({ ...params, signature })) url.searchParams.set(key, value);
  return { url: url.toString(), signature };
}

function signatureMatches(secret: string, body: Buffer, header: unknown): boolean {
  if (typeof header !== "string" || !/^[0-9a-f]{64}$/i.test(header)) return false;
  const expected = Buffer.from(hmacHex(secret, body), "hex");
  return timingSafeEqual(expected, Buffer.from(header.toLowerCase(), "hex"));
}

/** The configured providers as purchase options' payment methods. */
export function providerPaymentMethods(providers: ProviderSettings[]): PurchaseOptions["payment_methods"] {
  return providers.map((provider) => ({
    id: provider.name,
    name: PAYMENT_PROVIDER_NAMES[provider.name],
    options: [...(PAYMENT_PROVIDER_OPTIONS[provider.name] ?? [])],
  }));
}

export async function registerProviderRoutes(
  app: App,
  service: BillingService,
  providers: ProviderSettings[],
  publicUrl: string,
): Promise<void> {
  const configured = new Map(providers.map((provider) => [provider.name, provider]));

  for (const name of PAYMENT_PROVIDERS) {
    app.post(
      providerPaths.newPayment(name),
      {
        config: {
          access: MEMBER,
          rateLimit: perSession({ max: 30, timeWindowMs: 60_000 }, "provider_payment"),
        },
        schema: { body: providerNewPaymentBodySchema, response: { 200: providerNewPaymentResponseSchema } },
      },
      async (request) => {
        const settings = configured.get(name);
        if (!settings) throw notFound();
        const user = requireMember(request.auth);
        const options = PAYMENT_PROVIDER_OPTIONS[name];
        const option = request.body.payment_option ?? "";
        if (options && !options.includes(option)) {
          const message = `Choose one of: ${options.join(", ")}.`;
          throw new AppError(400, "validation_error", message, { payment_option: message });
        }
        const order = await service.startProviderOrder(user, name, request.body);
        const { url } = providerPageUrl(settings, {
          reference: order.challengeId ?? order.id,
          amount: String(order.totalCents),
          currency: order.currency,
          email: request.body.email,
          payment_option: options ? option : "",
          callback_url: `${publicUrl}${providerPaths.callback(name)}`,
          return_url: `${publicUrl}/checkout/success`,
        });
        return { error_message: null, url };
      },
    );
  }

  await app.register(async (scope) => {
    // The signature covers the body's exact bytes: these routes read it unparsed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    for (const name of PAYMENT_PROVIDERS) {
      scope.post(
        providerPaths.callback(name),
        {
          config: { access: PUBLIC, rateLimit: perMinute(600) },
          schema: { response: { 200: providerCallbackResponseSchema } },
        },
        async (request) => {
          const settings = configured.get(name);
          if (!settings) throw notFound();
          const raw = request.body;
          if (
            !Buffer.isBuffer(raw) ||
            !signatureMatches(settings.secret, raw, request.headers[SIGNATURE_HEADER])
          )
            throw new AppError(400, "validation_error", "The callback signature is not valid.");
          let json: unknown;
          try {
            json = JSON.parse(raw.toString("utf8"));
          } catch {
            throw new AppError(400, "validation_error", "The callback is not JSON.");
          }
          const parsed = providerCallbackSchema.safeParse(json);
          if (!parsed.success) throw new AppError(400, "validation_error", "The callback is not valid.");
          const found = await service.settleProviderOrder({
            provider: name,
            reference: parsed.data.order_reference,
            transactionId: parsed.data.transaction_id,
            paid: parsed.data.status === "paid",
            amountCents: parsed.data.amount,
            currency: parsed.data.currency,
          });
          if (!found) throw notFound();
          return { received: true as const };
        },
      );
    }
  });
}
