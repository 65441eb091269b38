import {
  hostedPageSchema,
  stripeWebhookResponseSchema,
  type ThreeDsFrameMessage,
  threeDsParamsSchema,
} from "@hearth/contracts";
import type Stripe from "stripe";
import { z } from "zod";
import type { App, AppContext } from "../../context";
import { AppError, notFound } from "../../http/errors";
import { perMinute } from "../../http/rate-limit";
import { PUBLIC } from "../../kernel/route-access";
import { findOrderByChallenge } from "./repository";
import type { BillingService } from "./service";
import { challengeIdOf, nextActionUrl, STRIPE_PATHS } from "./stripe-processor";

const RETURN_SCRIPT_PATH = "/api/billing/stripe/return.js";
const RETURN_SCRIPT = `(() => {
  const message = JSON.parse(document.body.dataset.message || "null");
  if (message && window.parent !== window) window.parent.postMessage(message, window.location.origin);
})();`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const returnQuerySchema = z.object({ payment_intent: z.string().trim().min(1).max(255) });

/**
 * Stripe's routes: the webhook (signature checked on the raw body; a good event applied once however
 * often it arrives, because an order completes once), the 3-D Secure frame (a redirect to the intent's
 * next action, a page that moves on to it) and the frame's return (completes the order when the intent succeeded and tells the
 * checkout, like the test processor's 3-D Secure page). Without Stripe configured they answer 404.
 */
export async function registerStripeRoutes(
  app: App,
  ctx: AppContext,
  service: BillingService,
  settings: { client: Stripe; webhookSecret: string } | null,
): Promise<void> {
  const { db } = ctx.database;

  /** Completes (or drops) the order waiting on this intent; nothing when no order waits on it. */
  async function settle(intentId: string, decision: "approve" | "fail"): Promise<ThreeDsFrameMessage | null> {
    try {
      return await service.decideChallenge(challengeIdOf(intentId), decision);
    } catch (error) {
      // No order waits on it, or its order expired (its intent was cancelled then): nothing to apply.
      if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 410)) return null;
      throw error;
    }
  }

  await app.register(async (scope) => {
    // The signature covers the exact bytes Stripe sent: this route reads the body unparsed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      STRIPE_PATHS.webhook,
      {
        config: { access: PUBLIC, rateLimit: perMinute(600) },
        schema: { response: { 200: stripeWebhookResponseSchema } },
      },
      async (request) => {
        if (!settings) throw notFound();
        const signature = request.headers["stripe-signature"];
        const raw = request.body;
        let event: Stripe.Event;
        try {
          if (typeof signature !== "string" || !Buffer.isBuffer(raw)) throw new Error("unsigned");
          event = settings.client.webhooks.constructEvent(raw, signature, settings.webhookSecret);
        } catch {
          throw new AppError(400, "validation_error", "The webhook signature is not valid.");
        }
        if (event.type === "payment_intent.succeeded") await settle(event.data.object.id, "approve");
        if (event.type === "payment_intent.payment_failed" || event.type === "payment_intent.canceled")
          await settle(event.data.object.id, "fail");
        if (event.type === "charge.refunded") {
          const charge = event.data.object;
          const intent = charge.payment_intent;
          await service.recordStripeRefund({
            chargeId: charge.id,
            paymentIntentId: typeof intent === "string" ? intent : (intent?.id ?? null),
            currency: charge.currency,
            amountRefunded: charge.amount_refunded,
            refunds: charge.refunds?.data.map((refund) => ({ id: refund.id, amount: refund.amount })) ?? null,
          });
        }
        return { received: true as const };
      },
    );
  });

  app.get(
    "/api/billing/stripe/3ds/:id",
    {
      config: { access: PUBLIC, rateLimit: perMinute(240) },
      schema: { params: threeDsParamsSchema, response: { 200: hostedPageSchema } },
    },
    async (request, reply) => {
      if (!settings) throw notFound();
      const order = await findOrderByChallenge(db, request.params.id);
      if (!order?.transactionId || order.status !== "pending_3ds") throw notFound();
      const intent = await settings.client.paymentIntents.retrieve(order.transactionId);
      const url = nextActionUrl(intent);
      if (!url) throw notFound();
      // A page that moves on to the bank's check at once (a link for the rare browser that does not).
      reply
        .header("content-type", "text/html; charset=utf-8")
        .header("content-security-policy", "default-src 'none'; frame-ancestors 'self'")
        .header("x-frame-options", "SAMEORIGIN")
        .header("cache-control", "no-store");
      const href = escapeHtml(url);
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}"><title>3-D Secure</title></head><body><a href="${href}">Continue to your bank's check</a></body></html>`;
    },
  );

  app.get(
    STRIPE_PATHS.confirmReturn,
    {
      config: { access: PUBLIC, rateLimit: perMinute(240) },
      schema: { querystring: returnQuerySchema, response: { 200: hostedPageSchema } },
    },
    async (request, reply) => {
      if (!settings) throw notFound();
      let message: ThreeDsFrameMessage | null = null;
      try {
        const intent = await settings.client.paymentIntents.retrieve(request.query.payment_intent);
        if (intent.status === "succeeded" || intent.status === "processing")
          message = await settle(intent.id, "approve");
        else if (intent.status === "requires_payment_method" || intent.status === "canceled")
          message = await settle(intent.id, "fail");
      } catch (error) {
        if (!(error instanceof Error && "type" in error)) throw error;
      }
      reply
        .header("content-type", "text/html; charset=utf-8")
        .header("content-security-policy", "default-src 'self'; script-src 'self'; frame-ancestors 'self'")
        .header("x-frame-options", "SAMEORIGIN")
        .header("cache-control", "no-store");
      const data = escapeHtml(JSON.stringify(message));
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3-D Secure</title></head><body data-message="${data}"><p>${message?.status === "success" ? "Payment approved." : "You can close this window."}</p><script src="${RETURN_SCRIPT_PATH}"></script></body></html>`;
    },
  );

  app.get(
    RETURN_SCRIPT_PATH,
    {
      config: { access: PUBLIC, rateLimit: perMinute(240) },
      schema: { response: { 200: hostedPageSchema } },
    },
    async (_request, reply) => {
      reply.header("content-type", "text/javascript; charset=utf-8").header("cache-control", "no-store");
      return RETURN_SCRIPT;
    },
  );
}
