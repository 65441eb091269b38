import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import type { ServerConfig } from "./config";
import type { DatabaseHandle } from "./db/client";
import type { ChangeFeed } from "./kernel/change-feed";
import type { Clock } from "./kernel/clock";
import type { AuthGuards, TokenService } from "./modules/auth/index";
import type { ContentChecker } from "./modules/content-check/index";
import type { LlmRegistry } from "./modules/llm/index";
import type { ImageEngine, NsfwClassifier, ObjectStore } from "./modules/media/index";

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What route modules need, built once per app. */
export type AppContext = {
  config: ServerConfig;
  database: DatabaseHandle;
  /** Changes to rows that instances keep in memory, announced by the database (kernel/change-feed.ts). */
  changes: ChangeFeed;
  tokens: TokenService;
  guards: AuthGuards;
  llm: LlmRegistry;
  /** The automatic check of characters and image prompts (embedded rules, and MODERATION_BASE_URL's server). */
  contentCheck: ContentChecker;
  /** Where instances share state (REDIS_URL); null: this process keeps it (one instance). */
  redis: Redis | null;
  /** The time billing reads (renewals, grace, proration); tests pass their own through buildApp's deps. */
  clock: Clock;
  /** Generated images, LoRA files and other media: S3-compatible (S3_*) or `${DATA_DIR}/media` (README). */
  objectStore: ObjectStore;
  /** The NSFW image check (nsfwjs, loaded on first use). */
  nsfwClassifier: NsfwClassifier;
  /** The image engine (IMAGE_*: A1111-compatible or OpenAI images API); null: images are not available. */
  imageEngine: ImageEngine | null;
};
