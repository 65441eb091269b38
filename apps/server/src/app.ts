import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import { CARD_IMPORT_MAX_BYTES } from "@hearth/contracts";
import Fastify, { LogController } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import { createCommands } from "./commands/index";
import type { ServerConfig } from "./config";
import type { App, AppContext } from "./context";
import { type DatabaseHandle, openDatabase } from "./db/client";
import { registerCompression } from "./http/compression";
import { LOG_SERIALIZERS } from "./http/error-log";
import { handleError } from "./http/errors";
import { registerRateLimit } from "./http/rate-limit";
import { registerResponseSchemas, serializerCompiler } from "./http/response-schemas";
import { registerRouteAccess } from "./http/route-access-hooks";
import { registerSecurityHeaders } from "./http/security-headers";
import { registerStaticFiles } from "./http/static";
import { registerStreamIdleExemption, serverTimeouts } from "./http/timeouts";
import { validatorCompiler } from "./http/validation";
import { ANONYMOUS } from "./kernel/auth-context";
import { openChangeFeed } from "./kernel/change-feed";
import { type Clock, systemClock } from "./kernel/clock";
import { connectRedis } from "./kernel/redis";
import { registerAccountRoutes } from "./modules/account/index";
import { registerAdminStatsRoutes } from "./modules/admin-stats/index";
import { registerAdminUserRoutes } from "./modules/admin-users/index";
import { registerAdRoutes } from "./modules/ads/index";
import { appConfigFor, registerAppConfigRoutes } from "./modules/app-config/index";
import { registerAuditRoutes } from "./modules/audit/index";
import { createAuthGuards, createTokenService, registerAuthRoutes } from "./modules/auth/index";
import {
  createBillingService,
  createStripeClient,
  createStripeProcessor,
  createTestProcessor,
  providerPaymentMethods,
  registerBillingJobs,
  registerBillingRoutes,
  registerProviderRoutes,
  registerStripeRoutes,
} from "./modules/billing/index";
import { registerBlockRoutes } from "./modules/blocks/index";
import { registerCharacterRoutes, registerTagSuggestionRoutes } from "./modules/characters/index";
import { registerChatRoutes } from "./modules/chat/index";
import { createContentChecker } from "./modules/content-check/index";
import { registerCreatorRoutes } from "./modules/creators/index";
import { registerEventRoutes } from "./modules/events/index";
import { registerExternalUserRoutes } from "./modules/external-users/index";
import { registerFavoriteRoutes } from "./modules/favorites/index";
import { registerHealthRoutes } from "./modules/health/index";
import { createImageEngine } from "./modules/images/index";
import { registerInferenceModelRoutes } from "./modules/inference-models/index";
import { createJobQueue, type JobQueue } from "./modules/jobs/index";
import {
  createLeaderboardService,
  registerLeaderboardJobs,
  registerLeaderboardRoutes,
} from "./modules/leaderboard/index";
import { createLlmRegistry, type LlmRegistry } from "./modules/llm/index";
import { registerLorebookRoutes } from "./modules/lorebooks/index";
import {
  createNsfwClassifier,
  createObjectStore,
  type NsfwClassifier,
  registerMediaRoutes,
} from "./modules/media/index";
import { registerModerationRoutes, requestReview } from "./modules/moderation/index";
import { registerOnboardingRoutes } from "./modules/onboarding/index";
import { registerPersonaRoutes } from "./modules/personas/index";
import { registerProfileRoutes } from "./modules/profile/index";
import { registerPromotionRoutes, saleOfferAvailability } from "./modules/promotions/index";
import { registerRatingRoutes } from "./modules/ratings/index";
import { registerRecommendationRoutes } from "./modules/recommendations/index";
import {
  createSubscribeStarClient,
  createSubscribeStarService,
  registerSubscribeStarJobs,
  registerSubscribeStarRoutes,
} from "./modules/subscribestar/index";
import { registerTrainingJobs, registerTrainingRoutes } from "./modules/training/index";
import { registerTransferRoutes } from "./modules/transfer/index";
import { registerUploadRoutes, uploadsDir } from "./modules/uploads/index";
import { createMemberCache, registerUserRoutes } from "./modules/users/index";
import { registerVoiceRoutes } from "./modules/voice/index";
import {
  createMemoryWaitingRoomStore,
  createRedisWaitingRoomStore,
  createWaitingRoom,
  registerWaitingRoomRoutes,
} from "./modules/waiting-room/index";
import { resolveSecrets } from "./secrets";

export type AppDeps = {
  /** An open database; when omitted the app opens one and closes it with itself. */
  database?: DatabaseHandle;
  /** The language models; when omitted the app creates them (the embedded one loads on first use). */
  llm?: LlmRegistry;
  /** A Redis connection to share state on; when omitted the app connects to REDIS_URL, if set. */
  redis?: Redis;
  /**
   * Tests only: the clock billing reads (renewals, grace, expiry), which they move; and how often job
   * workers poll. main.ts passes neither, so a production start runs on the system clock.
   */
  clock?: Clock;
  jobPollingIntervalSeconds?: number;
  /**
   * Tests only: false keeps the cron schedules in the database but never fires them. A test moves its own
   * clock; a slot of the wall clock passing mid-test would send a job it did not ask for.
   */
  jobSchedules?: boolean;
  /** The NSFW image check; when omitted the app creates nsfwjs's (loaded on first use). */
  nsfwClassifier?: NsfwClassifier;
};

declare module "fastify" {
  interface FastifyInstance {
    /** The durable job queue (pg-boss on the app's database); started when the app is ready. */
    jobs: JobQueue;
  }
}

export async function buildApp(config: ServerConfig, deps: AppDeps = {}): Promise<App> {
  const app = Fastify({
    logger: { level: config.logLevel, serializers: LOG_SERIALIZERS },
    // A request must arrive whole within REQUEST_TIMEOUT_S; idle connections are closed.
    ...serverTimeouts(config),
    // Behind a reverse proxy, request.ip (which the rate limits key by) is the client's address.
    trustProxy: config.trustProxy,
    // Per-request lines only when debugging; failures are logged by the error handler.
    logController: new LogController({
      disableRequestLogging: !["debug", "trace"].includes(config.logLevel),
    }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);

  const database = deps.database ?? (await openDatabase(config));
  const changes = await openChangeFeed(database);
  const members = createMemberCache(database.db, changes);
  app.addHook("onClose", async () => {
    await changes.close();
    if (!deps.database) await database.close();
  });
  const tokens = createTokenService(resolveSecrets(config).jwtSecret);
  const llm = deps.llm ?? createLlmRegistry(config);
  if (!deps.llm) app.addHook("onClose", () => llm.close());
  const redis = deps.redis ?? (config.redisUrl ? await connectRedis(config.redisUrl, app.log) : null);
  if (redis && !deps.redis) app.addHook("onClose", async () => void (await redis.quit()));
  const ctx: AppContext = {
    config,
    database,
    changes,
    tokens,
    guards: createAuthGuards(members, tokens),
    llm,
    redis,
    contentCheck: createContentChecker(config, { logger: app.log }),
    clock: deps.clock ?? systemClock,
    objectStore: createObjectStore(config),
    nsfwClassifier: deps.nsfwClassifier ?? createNsfwClassifier(),
    imageEngine: createImageEngine(config.images),
  };
  const commands = createCommands(ctx);
  const jobs = createJobQueue(database, app.log, {
    pollingIntervalSeconds: deps.jobPollingIntervalSeconds,
    schedules: deps.jobSchedules,
  });
  app.decorate("jobs", jobs);
  // Stripe when its keys are set (README, Billing), else the built-in test processor.
  const stripe = config.stripe ? createStripeClient(config.stripe) : null;
  const billing = createBillingService({
    db: database.db,
    processor:
      config.stripe && stripe
        ? createStripeProcessor(
            { ...config.stripe, publicUrl: config.publicUrl ?? `http://localhost:${config.port}` },
            stripe,
          )
        : createTestProcessor(database.db),
    clock: ctx.clock,
    offerAvailable: saleOfferAvailability(config.sale),
  });
  registerBillingJobs(jobs, billing);
  registerTrainingJobs(jobs, ctx);
  const leaderboard = createLeaderboardService({ db: database.db, clock: ctx.clock });
  registerLeaderboardJobs(jobs, leaderboard);
  // SubscribeStar linking when its client is configured (README, SubscribeStar); its routes answer 404 without.
  const subscribestar = createSubscribeStarService({
    db: database.db,
    client: config.subscribestar ? createSubscribeStarClient(config.subscribestar) : null,
    encryptionKey: resolveSecrets(config).encryptionKey,
    publicUrl: config.publicUrl ?? null,
    clock: ctx.clock,
    log: app.log,
  });
  registerSubscribeStarJobs(jobs, subscribestar);
  app.addHook("onReady", () => jobs.start());
  app.addHook("preClose", () => jobs.stop());

  app.decorateRequest("auth");
  // Hooks on every request are plain callbacks: no promise per request.
  app.addHook("onRequest", (request, _reply, done) => {
    request.auth = ANONYMOUS;
    done();
  });
  registerSecurityHeaders(app, config);
  registerStreamIdleExemption(app);
  registerResponseSchemas(app);
  registerRouteAccess(app, ctx);
  await registerCompression(app);
  await app.register(fastifyCookie);
  // Uploads read one file each; routes pass their own smaller limits.
  await app.register(fastifyMultipart, { limits: { fileSize: CARD_IMPORT_MAX_BYTES, files: 1, fields: 5 } });
  await registerRateLimit(app, redis);
  const waitingRoom = createWaitingRoom({
    store: redis ? createRedisWaitingRoomStore(redis) : createMemoryWaitingRoomStore(),
    slots: llm.slots,
    reservedSlots: config.waitingRoom.reservedSlots,
    specialCharacterId: config.waitingRoom.specialCharacterId,
    clock: ctx.clock,
  });

  registerHealthRoutes(app, ctx);
  registerInferenceModelRoutes(app, ctx);
  registerAppConfigRoutes(app, ctx);
  registerAuthRoutes(app, ctx, commands);
  registerUserRoutes(app, ctx, commands);
  registerProfileRoutes(app, ctx, commands);
  registerOnboardingRoutes(app, ctx, commands);
  registerAccountRoutes(app, ctx, commands, {
    hasManagedSubscription: (id) => billing.hasManagedSubscription(id),
  });
  registerExternalUserRoutes(app, ctx, commands);
  registerPersonaRoutes(app, ctx);
  registerLorebookRoutes(app, ctx);
  registerEventRoutes(app, ctx);
  registerRecommendationRoutes(app, ctx);
  // Characters hold what the automatic check flags, and fixes, for review: moderation's queue.
  registerCharacterRoutes(app, ctx, { requestReview });
  registerRatingRoutes(app, ctx);
  registerTagSuggestionRoutes(app, ctx);
  registerWaitingRoomRoutes(app, ctx, waitingRoom);
  const chats = registerChatRoutes(app, ctx, waitingRoom);
  registerTransferRoutes(app, ctx);
  registerFavoriteRoutes(app, ctx);
  registerBlockRoutes(app, ctx);
  registerCreatorRoutes(app, ctx);
  registerLeaderboardRoutes(app, leaderboard);
  registerUploadRoutes(app, ctx);
  registerMediaRoutes(app, ctx);
  registerTrainingRoutes(app, ctx);
  registerAdminStatsRoutes(app, ctx);
  registerModerationRoutes(app, ctx);
  registerAdminUserRoutes(app, ctx);
  registerAuditRoutes(app, ctx);
  registerVoiceRoutes(app, ctx);
  registerAdRoutes(app, ctx, chats.guestConversation);
  registerPromotionRoutes(app, ctx);
  registerSubscribeStarRoutes(app, subscribestar);
  registerBillingRoutes(app, ctx, {
    service: billing,
    testProcessor: !config.stripe,
    paymentMethods: providerPaymentMethods(config.paymentProviders),
  });
  await registerProviderRoutes(
    app,
    billing,
    config.paymentProviders,
    config.publicUrl ?? `http://localhost:${config.port}`,
  );
  // Registered without Stripe too (answering 404), so the route tests see them.
  await registerStripeRoutes(
    app,
    ctx,
    billing,
    config.stripe && stripe ? { client: stripe, webhookSecret: config.stripe.webhookSecret } : null,
  );
  await registerStaticFiles(app, config.webDist, uploadsDir(config), appConfigFor(ctx));
  return app;
}
