import {
  billingHistorySchema,
  CHECKOUT_RATE_LIMITS,
  checkoutCalculateBodySchema,
  checkoutCalculationSchema,
  countryListSchema,
  countryParamsSchema,
  formatMoney,
  hostedPageSchema,
  newOrderBodySchema,
  newOrderResponseSchema,
  type PurchaseOptions,
  purchaseOptionsSchema,
  stateListSchema,
  stickyActionBodySchema,
  stickyActionResponseSchema,
  stickySubscriptionListSchema,
  subscriptionPlanListSchema,
  testCardTokenBodySchema,
  testCardTokenSchema,
  threeDsDecisionBodySchema,
  threeDsFrameMessageSchema,
  threeDsParamsSchema,
} from "@hearth/contracts";
import type { FastifyReply } from "fastify";
import type { App, AppContext } from "../../context";
import { AppError, notFound } from "../../http/errors";
import { perMinute, perSession } from "../../http/rate-limit";
import { requireMember } from "../../kernel/auth-context";
import { MEMBER, PUBLIC } from "../../kernel/route-access";
import { findCountry, listCountries, listPlans } from "./catalog";
import {
  presentCountryList,
  presentPlanList,
  presentStateList,
  presentSubscriptionList,
  presentTestCardToken,
} from "./presenter";
import { findOrderByChallenge } from "./repository";
import type { BillingService } from "./service";
import { TEST_PROCESSOR_PATHS, tokenizeTestCard } from "./test-processor";
import {
  CARD_PAGE_SCRIPT,
  CHALLENGE_PAGE_SCRIPT,
  cardPageHtml,
  challengePageHtml,
} from "./test-processor-pages";

export type BillingRuntime = {
  service: BillingService;
  testProcessor: boolean;
  /** The configured alternative providers, offered beside the card (providers.ts). */
  paymentMethods?: PurchaseOptions["payment_methods"];
};

/**
 * The hosted pages may be framed by our own pages only (the checkout's card and 3-D Secure frames),
 * never by another site: frame-ancestors 'self' in place of the app's 'none'.
 */
const FRAMEABLE_CSP = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join("; ");

/** Sets the hosted page's headers; the handler answers its text. */
function hosted(reply: FastifyReply, type: "text/html" | "text/javascript", body: string): string {
  reply
    .header("content-type", `${type}; charset=utf-8`)
    .header("content-security-policy", FRAMEABLE_CSP)
    .header("x-frame-options", "SAMEORIGIN")
    .header("cache-control", "no-store");
  return body;
}

export function registerBillingRoutes(app: App, ctx: AppContext, runtime: BillingRuntime): void {
  const { db } = ctx.database;
  const { service } = runtime;
  const member = (request: { auth: Parameters<typeof requireMember>[0] }) => requireMember(request.auth);

  app.get(
    "/api/subscriptions/plans",
    { config: { access: PUBLIC }, schema: { response: { 200: subscriptionPlanListSchema } } },
    async () => presentPlanList(listPlans()),
  );

  app.get(
    "/api/checkout/purchase-options",
    { config: { access: MEMBER }, schema: { response: { 200: purchaseOptionsSchema } } },
    async () => service.purchaseOptions(runtime.paymentMethods),
  );

  app.get(
    "/api/checkout/countries",
    { config: { access: PUBLIC }, schema: { response: { 200: countryListSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=86400");
      return presentCountryList(listCountries());
    },
  );

  app.get(
    "/api/checkout/countries/:iso2/states",
    {
      config: { access: PUBLIC },
      schema: { params: countryParamsSchema, response: { 200: stateListSchema } },
    },
    async (request, reply) => {
      const entry = findCountry(request.params.iso2);
      if (!entry) throw notFound();
      reply.header("cache-control", "public, max-age=86400");
      return presentStateList(entry.states);
    },
  );

  app.post(
    "/api/checkout/calculate",
    {
      config: { access: MEMBER, rateLimit: perSession(CHECKOUT_RATE_LIMITS.calculate, "calculate") },
      schema: { body: checkoutCalculateBodySchema, response: { 200: checkoutCalculationSchema } },
    },
    async (request) => service.calculate(member(request), request.body),
  );

  app.post(
    "/api/checkout/new_order",
    {
      config: { access: MEMBER, rateLimit: perSession(CHECKOUT_RATE_LIMITS.newOrder, "new_order") },
      schema: { body: newOrderBodySchema, response: { 200: newOrderResponseSchema } },
    },
    async (request) => service.newOrder(member(request), request.body),
  );

  app.get(
    "/api/subscriptions/sticky",
    { config: { access: MEMBER }, schema: { response: { 200: stickySubscriptionListSchema } } },
    async (request) => presentSubscriptionList(await service.listForMember(member(request))),
  );

  app.put(
    "/api/subscriptions/sticky",
    {
      config: { access: MEMBER, rateLimit: perSession(CHECKOUT_RATE_LIMITS.sticky, "sticky") },
      schema: { body: stickyActionBodySchema, response: { 200: stickyActionResponseSchema } },
    },
    async (request) => service.stickyAction(member(request), request.body),
  );

  app.get(
    "/api/billing/history",
    { config: { access: MEMBER }, schema: { response: { 200: billingHistorySchema } } },
    async (request) => service.history(member(request)),
  );

  if (runtime.testProcessor) registerTestProcessorRoutes(app, ctx, service, db);
}

/**
 * The built-in test processor's pages and calls. They are public: the card page has no session (like a
 * processor's hosted field), and a 3-D Secure challenge is reached by its unguessable id.
 */
function registerTestProcessorRoutes(
  app: App,
  ctx: AppContext,
  service: BillingService,
  db: AppContext["database"]["db"],
): void {
  const page = { config: { access: PUBLIC, rateLimit: perMinute(240) } };
  app.get(
    TEST_PROCESSOR_PATHS.card,
    { ...page, schema: { response: { 200: hostedPageSchema } } },
    async (_r, reply) => hosted(reply, "text/html", cardPageHtml()),
  );
  app.get(
    TEST_PROCESSOR_PATHS.cardScript,
    { ...page, schema: { response: { 200: hostedPageSchema } } },
    async (_r, reply) => hosted(reply, "text/javascript", CARD_PAGE_SCRIPT),
  );
  app.get(
    TEST_PROCESSOR_PATHS.challengeScript,
    { ...page, schema: { response: { 200: hostedPageSchema } } },
    async (_r, reply) => hosted(reply, "text/javascript", CHALLENGE_PAGE_SCRIPT),
  );

  app.post(
    TEST_PROCESSOR_PATHS.tokens,
    {
      config: { access: PUBLIC, rateLimit: perMinute(240) },
      schema: { body: testCardTokenBodySchema, response: { 200: testCardTokenSchema } },
    },
    async (request) => {
      const card = await tokenizeTestCard(db, request.body, ctx.clock.now());
      if (!card) throw new AppError(400, "card_invalid");
      return presentTestCardToken(card);
    },
  );

  app.get(
    "/api/checkout/test-processor/3ds/:id",
    { ...page, schema: { params: threeDsParamsSchema, response: { 200: hostedPageSchema } } },
    async (request, reply) => {
      const order = await findOrderByChallenge(db, request.params.id);
      if (!order) throw notFound();
      return hosted(
        reply,
        "text/html",
        challengePageHtml(request.params.id, formatMoney(order.totalCents, order.currency)),
      );
    },
  );

  app.post(
    "/api/checkout/test-processor/3ds/:id",
    {
      config: { access: PUBLIC, rateLimit: perMinute(120) },
      schema: {
        params: threeDsParamsSchema,
        body: threeDsDecisionBodySchema,
        response: { 200: threeDsFrameMessageSchema },
      },
    },
    async (request) => service.decideChallenge(request.params.id, request.body.decision),
  );
}
