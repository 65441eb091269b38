import { isIP } from "node:net";
import { resolve } from "node:path";
import {
  AUTH_RATE_LIMIT,
  brandSchema,
  GENERATE_RATE_LIMIT,
  GUEST_CHAT_CAPS,
  type PaymentProvider,
  paymentProviderSchema,
} from "@hearth/contracts";
import { z } from "zod";
import { DEFAULT_WEB_DIST } from "./paths";

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const booleanFlag = (defaultValue: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
    .optional()
    .transform((value) => (value === undefined ? defaultValue : ["true", "1", "yes"].includes(value)));

/** Qwen2.5 1.5B Instruct at 4 bits (~1 GB): about 20 tokens/s on 2 CPU cores, good at following a persona. */
export const DEFAULT_MODEL_REF = "hf:Qwen/Qwen2.5-1.5B-Instruct-GGUF:Q4_K_M";

/**
 * What Fastify's `trustProxy` gets: trust no proxy, every proxy, or the proxies at these addresses. Hop
 * counts are left out: this Fastify trusts no peer for them (they cannot tell a proxy from a client).
 */
export type TrustProxy = boolean | string[];

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY lists. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry) || isIP(entry) !== 0) return true;
  const match = /^([^/]+)\/(\d{1,3})$/.exec(entry);
  if (!match?.[1] || !match[2]) return false;
  const version = isIP(match[1]);
  return version !== 0 && Number(match[2]) <= (version === 4 ? 32 : 128);
}

const trustProxySetting = optionalString.transform((value, ctx): TrustProxy => {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  const entries = value
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || invalid.length > 0) {
    ctx.addIssue({
      code: "custom",
      message: `must be true, false, or a comma-separated list of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal (not ${invalid.join(", ") || value})`,
    });
    return z.NEVER;
  }
  return entries;
});

/** Failed sign-ins per account in 15 minutes before sign-in to it is refused (LOGIN_FAILURES_MAX). */
export const DEFAULT_LOGIN_FAILURES_MAX = 10;

/** Seconds a client has to send a whole request, headers and body (REQUEST_TIMEOUT_S). */
export const DEFAULT_REQUEST_TIMEOUT_S = 30;

/** Generations an OpenAI-compatible server runs at once when LLM_MAX_CONCURRENCY is not set. */
export const DEFAULT_LLM_MAX_CONCURRENCY = 8;

/** The moderation model asked when MODERATION_BASE_URL is set and MODERATION_MODEL is not. */
export const DEFAULT_MODERATION_MODEL = "omni-moderation-latest";

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

/** PAYMENT_PROVIDERS: a JSON list of the alternative providers taking payments (README, Billing). */
const paymentProvidersSetting = optionalString.transform((value, ctx): ProviderSettings[] => {
  if (value === undefined) return [];
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    ctx.addIssue({ code: "custom", message: "must be a JSON list" });
    return z.NEVER;
  }
  const parsed = z
    .array(
      z.object({
        name: paymentProviderSchema,
        base_url: httpUrl,
        secret: z.string().min(16, "secret must be at least 16 characters"),
      }),
    )
    .refine(
      (list) => new Set(list.map((entry) => entry.name)).size === list.length,
      "a provider is listed twice",
    )
    .safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: "custom", message: `${issue.path.join(".")}: ${issue.message}` });
    return z.NEVER;
  }
  return parsed.data.map((entry) => ({ name: entry.name, baseUrl: entry.base_url, secret: entry.secret }));
});

/** COMMUNITY_LINKS: a JSON list of {label, url} (the sale page's community links). */
const communityLinks = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (!text?.trim()) return DEFAULT_COMMUNITY_LINKS;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: "must be a JSON list of {label, url}" });
      return z.NEVER;
    }
    const parsed = z
      .array(z.object({ label: z.string().trim().min(1).max(40), url: httpUrl }))
      .max(10)
      .safeParse(json);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: "must be a JSON list of {label, url} with http(s) addresses" });
      return z.NEVER;
    }
    return parsed.data;
  });
const DEFAULT_COMMUNITY_LINKS = [
  { label: "Discord", url: "https://discord.com/" },
  { label: "Reddit", url: "https://www.reddit.com/" },
  { label: "X", url: "https://x.com/" },
];

/** A day of the year as MM-DD (SALE_START, SALE_END). */
const monthDay = z
  .string()
  .trim()
  .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, "must be a day of the year as MM-DD");

export type ProviderSettings = { name: PaymentProvider; baseUrl: string; secret: string };

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres://")
      .optional(),
  ),
  JWT_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  ENCRYPTION_KEY: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
      .optional(),
  ),
  BRAND: brandSchema.default("adult"),
  PUBLIC_URL: optionalString.pipe(httpUrl.optional()),
  PARTNER_HOSTS: z.string().optional(),
  PARTNER_JWT_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  BLOCKED_EMAIL_DOMAINS: z.string().optional(),
  SUPPORT_URL: optionalString,
  TERMS_URL: optionalString,
  PRIVACY_URL: optionalString,
  REFUND_URL: optionalString,
  ADMIN_EMAIL: z.email().default("admin@hearth.local"),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, "must be at least 8 characters").optional()),
  SEED_DEMO: booleanFlag(true),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(AUTH_RATE_LIMIT.max),
  LOGIN_FAILURES_MAX: z.coerce.number().int().min(1).default(DEFAULT_LOGIN_FAILURES_MAX),
  TRUST_PROXY: trustProxySetting,
  REFRESH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(AUTH_RATE_LIMIT.refreshMax),
  GENERATE_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(GENERATE_RATE_LIMIT.max),
  GUEST_CHATS_MAX_MB: z.coerce.number().min(1).default(GUEST_CHAT_CAPS.defaultTotalMb),
  REQUEST_TIMEOUT_S: z.coerce.number().min(1).max(3600).default(DEFAULT_REQUEST_TIMEOUT_S),
  LLM_BASE_URL: optionalString.transform((value, ctx): string[] => {
    const urls = (value ?? "")
      .split(",")
      .map((url) => url.trim().replace(/\/+$/, ""))
      .filter(Boolean);
    for (const url of urls) {
      if (!httpUrl.safeParse(url).success) {
        ctx.addIssue({ code: "custom", message: `must be http(s) URLs, comma-separated (not ${url})` });
        return z.NEVER;
      }
    }
    return urls;
  }),
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  MODEL_PATH: optionalString,
  MODEL_REF: optionalString,
  LLM_CONTEXT_SIZE: z.coerce.number().int().min(512).optional(),
  LLM_PARALLEL: z.coerce.number().int().min(1).max(64).default(4),
  LLM_MAX_CONCURRENCY: optionalString.transform((value, ctx): number[] => {
    const counts = (value ?? String(DEFAULT_LLM_MAX_CONCURRENCY))
      .split(",")
      .map((count) => Number(count.trim()));
    if (counts.some((count) => !Number.isInteger(count) || count < 1 || count > 100_000)) {
      ctx.addIssue({
        code: "custom",
        message: "must be a whole number of at least 1, or one per LLM_BASE_URL",
      });
      return z.NEVER;
    }
    return counts;
  }),
  RESERVED_SLOTS: z.coerce.number().int().min(0).default(0),
  SPECIAL_CHARACTER_ID: optionalString.pipe(z.uuid("must be a character id (UUID)").optional()),
  LLM_THREADS: z.coerce.number().int().min(0).default(0),
  LLM_TIMEOUT_S: z.coerce.number().min(1).default(60),
  USER_OPENAI_BASE_URL: optionalString.pipe(httpUrl.optional()),
  USER_OPENAI_MODEL: optionalString,
  MODERATION_BASE_URL: optionalString.pipe(httpUrl.optional()),
  MODERATION_API_KEY: optionalString,
  MODERATION_MODEL: optionalString,
  STRIPE_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^(sk|rk)_/, "must start with sk_ or rk_")
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: optionalString.pipe(z.string().regex(/^pk_/, "must start with pk_").optional()),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^whsec_/, "must start with whsec_")
      .optional(),
  ),
  STRIPE_API_URL: optionalString.pipe(httpUrl.optional()),
  PAYMENT_PROVIDERS: paymentProvidersSetting,
  IMAGE_BASE_URL: optionalString.pipe(httpUrl.optional()),
  IMAGE_API: z.enum(["a1111", "openai"], { error: "must be a1111 or openai" }).default("a1111"),
  IMAGE_API_KEY: optionalString,
  IMAGE_MODEL: optionalString,
  S3_ENDPOINT: optionalString.pipe(httpUrl.optional()),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  TRAINER_BASE_URL: optionalString.pipe(httpUrl.optional()),
  TRAINER_API_KEY: optionalString,
  TTS_BASE_URL: optionalString.pipe(httpUrl.optional()),
  TTS_API_KEY: optionalString,
  TTS_MODEL: optionalString,
  STT_BASE_URL: optionalString.pipe(httpUrl.optional()),
  STT_API_KEY: optionalString,
  STT_MODEL: optionalString,
  SUBSCRIBESTAR_CLIENT_ID: optionalString,
  SUBSCRIBESTAR_CLIENT_SECRET: optionalString,
  SUBSCRIBESTAR_BASE_URL: optionalString.pipe(httpUrl.optional()),
  SALE_START: monthDay.default("05-30"),
  SALE_END: monthDay.default("06-03"),
  COMMUNITY_LINKS: communityLinks,
  EASTER_CODE: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{1,40}$/, "must be 1 to 40 letters, digits, _ or -")
    .default("EASTER25"),
  ADS_MIN_MESSAGES: z.coerce.number().int().min(0).default(10),
  WEB_DIST: optionalString,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type ServerConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** From the environment; when null, `resolveSecrets` keeps generated ones in the data folder. */
  jwtSecret: string | null;
  encryptionKey: string | null;
  /** Shared state between instances (waiting room, rate limits, locks, reply streams); null: this process. */
  redisUrl: string | null;
  brand: z.infer<typeof brandSchema>;
  publicUrl: string | null;
  partnerHosts: string[];
  /** Verifies the partner's `jwt` sign-in tokens (HS256); partner sign-in is off when null. */
  partnerJwtSecret: string | null;
  /** Email domains (and their subdomains) members must replace with another address. */
  blockedEmailDomains: string[];
  brandingUrls: {
    support: string | null;
    terms: string | null;
    privacy: string | null;
    refund: string | null;
  };
  /** The seeded admin; without a password, the first start generates one and logs it once. */
  admin: { email: string; password: string | null };
  seedDemo: boolean;
  authRateLimitMax: number;
  /** Failed sign-ins per account (email) in 15 minutes, from any addresses, before sign-in answers 429. */
  loginFailuresMax: number;
  refreshRateLimitMax: number;
  /**
   * Fastify's `trustProxy`: the proxies whose X-Forwarded-For entries are believed, so `request.ip` (and
   * the rate limits keyed by it) is the client's address behind a reverse proxy. false: the socket's.
   */
  trustProxy: TrustProxy;
  /** Generations per user per minute (POST /api/generate). */
  generateRateLimitMax: number;
  /** Memory for all guests' in-process conversations together, in bytes (estimated); on Redis, its maxmemory. */
  guestChatsMaxBytes: number;
  /**
   * Time a client has to send a whole request (headers and body), in ms; a connection where nothing moves
   * for twice that while a request is answered is closed too (a chat's event stream excepted).
   */
  requestTimeoutMs: number;
  llm: {
    /** The first OpenAI-compatible server; null: the embedded engine. */
    baseUrl: string | null;
    /**
     * Every OpenAI-compatible server (LLM_BASE_URL, comma-separated) with the generations it runs at once
     * (LLM_MAX_CONCURRENCY: one for all, or one each); generations go to the least busy (UpstreamPool).
     */
    upstreams: { baseUrl: string; concurrency: number }[];
    apiKey: string | null;
    model: string | null;
    modelPath: string | null;
    /** Embedded model reference downloaded on first start; null ("none") disables it. */
    modelRef: string | null;
    /** The platform model's maximum context; null: 4096 embedded, 8192 OpenAI-compatible. */
    contextSize: number | null;
    parallel: number;
    /** 0: all cores. */
    threads: number;
    /** A model server silent this long fails the generation. */
    timeoutMs: number;
    /** Where users' own OpenAI keys are sent (openai_mode enabled or hybrid). */
    userOpenAi: { baseUrl: string; model: string };
  };
  /**
   * The automatic content check (modules/content-check): the embedded rules always run; with a base URL,
   * an OpenAI-compatible `/v1/moderations` server is asked too.
   */
  moderation: { baseUrl: string | null; apiKey: string | null; model: string };
  /**
   * The waiting room (README, Waiting room): of the platform engine's slots, `reservedSlots` are kept for
   * members who skip it; everyone may chat with `specialCharacterId` (the site's special bot) anyway.
   */
  waitingRoom: { reservedSlots: number; specialCharacterId: string | null };
  /**
   * Stripe takes the card payments when its three keys are set (all or none); null: the built-in test
   * processor. `apiUrl` points the client at another API server (tests' fake); null: Stripe's own.
   */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string | null } | null;
  /** The alternative providers configured (PAYMENT_PROVIDERS); only these are offered. */
  paymentProviders: ProviderSettings[];
  /** The image engine (IMAGE_*); null: images are not available on this server. */
  images: { baseUrl: string; api: "a1111" | "openai"; apiKey: string | null; model: string | null } | null;
  /** An S3-compatible store for images and uploads (all of S3_ENDPOINT, S3_BUCKET and both keys); null: DATA_DIR. */
  s3: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
  } | null;
  /** The LoRA trainer (TRAINER_BASE_URL, README); null: training is not available here. */
  trainer: { baseUrl: string; apiKey: string | null } | null;
  /** An OpenAI-compatible speech server; null: the embedded speech engine. */
  tts: { baseUrl: string; apiKey: string | null; model: string | null } | null;
  /** An OpenAI-compatible transcription server; null: only the browser's own speech recognition. */
  stt: { baseUrl: string; apiKey: string | null; model: string | null } | null;
  /** SubscribeStar OAuth (all three set); null: linking is not offered. */
  subscribestar: { clientId: string; clientSecret: string; baseUrl: string } | null;
  /** The yearly sale window, first and last day as MM-DD (inclusive). */
  sale: { start: string; end: string };
  /** The sale page's community links (COMMUNITY_LINKS). */
  communityLinks: { label: string; url: string }[];
  /** The Easter giveaway's coupon code (EASTER_CODE); `NONE` turns the giveaway off. */
  easterCode: string;
  /** Messages a conversation needs before an ad may show. */
  adsMinMessages: number;
  webDist: string;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
};

export class ConfigError extends Error {}

/** Parses the environment; throws a `ConfigError` naming every invalid variable. */
export function loadConfig(env: Record<string, string | undefined>): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment variables:\n${problems.join("\n")}`);
  }
  const e = parsed.data;
  const cwd = process.cwd();
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new ConfigError(
      "Invalid environment variables:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: set all three or none",
    );
  }
  const s3Keys = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Keys.some(Boolean) && !s3Keys.every(Boolean)) {
    throw new ConfigError(
      "Invalid environment variables:\n  S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set all four or none",
    );
  }
  if (Boolean(e.SUBSCRIBESTAR_CLIENT_ID) !== Boolean(e.SUBSCRIBESTAR_CLIENT_SECRET)) {
    throw new ConfigError(
      "Invalid environment variables:\n  SUBSCRIBESTAR_CLIENT_ID, SUBSCRIBESTAR_CLIENT_SECRET: set both or neither",
    );
  }
  const concurrencies = e.LLM_MAX_CONCURRENCY;
  if (concurrencies.length > 1 && concurrencies.length !== e.LLM_BASE_URL.length) {
    throw new ConfigError(
      "Invalid environment variables:\n  LLM_MAX_CONCURRENCY: give one number, or one per LLM_BASE_URL",
    );
  }
  const upstreams = e.LLM_BASE_URL.map((baseUrl, index) => ({
    baseUrl,
    concurrency: concurrencies[concurrencies.length > 1 ? index : 0] ?? DEFAULT_LLM_MAX_CONCURRENCY,
  }));
  const slots =
    upstreams.length > 0
      ? upstreams.reduce((sum, upstream) => sum + upstream.concurrency, 0)
      : e.LLM_PARALLEL;
  if (e.RESERVED_SLOTS >= slots) {
    throw new ConfigError(
      `Invalid environment variables:\n  RESERVED_SLOTS: must be less than the engine's ${slots} slots (${upstreams.length > 0 ? "LLM_MAX_CONCURRENCY" : "LLM_PARALLEL"})`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    jwtSecret: e.JWT_SECRET ?? null,
    encryptionKey: e.ENCRYPTION_KEY ?? null,
    redisUrl: e.REDIS_URL ?? null,
    brand: e.BRAND,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, "") ?? null,
    partnerHosts: (e.PARTNER_HOSTS ?? "")
      .split(",")
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    partnerJwtSecret: e.PARTNER_JWT_SECRET ?? null,
    blockedEmailDomains: (e.BLOCKED_EMAIL_DOMAINS ?? "")
      .split(",")
      .map((domain) => domain.trim().toLowerCase().replace(/^@/, ""))
      .filter(Boolean),
    brandingUrls: {
      support: e.SUPPORT_URL ?? null,
      terms: e.TERMS_URL ?? null,
      privacy: e.PRIVACY_URL ?? null,
      refund: e.REFUND_URL ?? null,
    },
    admin: { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD ?? null },
    seedDemo: e.SEED_DEMO,
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    loginFailuresMax: e.LOGIN_FAILURES_MAX,
    trustProxy: e.TRUST_PROXY,
    refreshRateLimitMax: e.REFRESH_RATE_LIMIT_MAX,
    generateRateLimitMax: e.GENERATE_RATE_LIMIT_MAX,
    guestChatsMaxBytes: Math.round(e.GUEST_CHATS_MAX_MB * 1024 * 1024),
    requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT_S * 1000),
    llm: {
      baseUrl: upstreams[0]?.baseUrl ?? null,
      upstreams,
      apiKey: e.LLM_API_KEY ?? null,
      model: e.LLM_MODEL ?? null,
      modelPath: e.MODEL_PATH ? resolve(cwd, e.MODEL_PATH) : null,
      modelRef: e.MODEL_REF === "none" ? null : (e.MODEL_REF ?? DEFAULT_MODEL_REF),
      contextSize: e.LLM_CONTEXT_SIZE ?? null,
      parallel: e.LLM_PARALLEL,
      threads: e.LLM_THREADS,
      timeoutMs: e.LLM_TIMEOUT_S * 1000,
      userOpenAi: {
        baseUrl: e.USER_OPENAI_BASE_URL?.replace(/\/+$/, "") ?? "https://api.openai.com/v1",
        model: e.USER_OPENAI_MODEL ?? "gpt-4o-mini",
      },
    },
    moderation: {
      baseUrl: e.MODERATION_BASE_URL?.replace(/\/+$/, "") ?? null,
      apiKey: e.MODERATION_API_KEY ?? null,
      model: e.MODERATION_MODEL ?? DEFAULT_MODERATION_MODEL,
    },
    waitingRoom: { reservedSlots: e.RESERVED_SLOTS, specialCharacterId: e.SPECIAL_CHARACTER_ID ?? null },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL?.replace(/\/+$/, "") ?? null,
          }
        : null,
    paymentProviders: e.PAYMENT_PROVIDERS,
    images: e.IMAGE_BASE_URL
      ? {
          baseUrl: e.IMAGE_BASE_URL.replace(/\/+$/, ""),
          api: e.IMAGE_API,
          apiKey: e.IMAGE_API_KEY ?? null,
          model: e.IMAGE_MODEL ?? null,
        }
      : null,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT.replace(/\/+$/, ""),
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? "us-east-1",
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : null,
    trainer: e.TRAINER_BASE_URL
      ? { baseUrl: e.TRAINER_BASE_URL.replace(/\/+$/, ""), apiKey: e.TRAINER_API_KEY ?? null }
      : null,
    tts: e.TTS_BASE_URL
      ? {
          baseUrl: e.TTS_BASE_URL.replace(/\/+$/, ""),
          apiKey: e.TTS_API_KEY ?? null,
          model: e.TTS_MODEL ?? null,
        }
      : null,
    stt: e.STT_BASE_URL
      ? {
          baseUrl: e.STT_BASE_URL.replace(/\/+$/, ""),
          apiKey: e.STT_API_KEY ?? null,
          model: e.STT_MODEL ?? null,
        }
      : null,
    subscribestar:
      e.SUBSCRIBESTAR_CLIENT_ID && e.SUBSCRIBESTAR_CLIENT_SECRET
        ? {
            clientId: e.SUBSCRIBESTAR_CLIENT_ID,
            clientSecret: e.SUBSCRIBESTAR_CLIENT_SECRET,
            baseUrl: (e.SUBSCRIBESTAR_BASE_URL ?? "https://www.subscribestar.com").replace(/\/+$/, ""),
          }
        : null,
    sale: { start: e.SALE_START, end: e.SALE_END },
    communityLinks: e.COMMUNITY_LINKS,
    easterCode: e.EASTER_CODE,
    adsMinMessages: e.ADS_MIN_MESSAGES,
    webDist: e.WEB_DIST ? resolve(cwd, e.WEB_DIST) : DEFAULT_WEB_DIST,
    logLevel: e.LOG_LEVEL,
  };
}
