import { resolve } from "node:path";
import { AUTH_RATE_LIMIT } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import {
  ConfigError,
  DEFAULT_LOGIN_FAILURES_MAX,
  DEFAULT_MODEL_REF,
  DEFAULT_MODERATION_MODEL,
  DEFAULT_REQUEST_TIMEOUT_S,
  loadConfig,
} from "./config";
import { DEFAULT_WEB_DIST } from "./paths";

describe("loadConfig", () => {
  it("applies the defaults", () => {
    const config = loadConfig({});
    expect(config.redisUrl).toBeNull();
    expect(config.waitingRoom).toEqual({ reservedSlots: 0, specialCharacterId: null });
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: resolve(process.cwd(), "data"),
      databaseUrl: null,
      jwtSecret: null,
      encryptionKey: null,
      brand: "adult",
      publicUrl: null,
      partnerHosts: [],
      admin: { email: "admin@hearth.local", password: null },
      seedDemo: true,
      authRateLimitMax: AUTH_RATE_LIMIT.max,
      loginFailuresMax: DEFAULT_LOGIN_FAILURES_MAX,
      trustProxy: false,
      requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_S * 1000,
      webDist: DEFAULT_WEB_DIST,
      logLevel: "info",
    });
    expect(config.llm).toEqual({
      baseUrl: null,
      apiKey: null,
      model: null,
      modelPath: null,
      modelRef: DEFAULT_MODEL_REF,
      contextSize: null,
      upstreams: [],
      parallel: 4,
      threads: 0,
      timeoutMs: 60_000,
      userOpenAi: { baseUrl: "https://api.openai.com/v1", model: "gpt-4o-mini" },
    });
  });

  it("parses every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/var/lib/hearth",
      DATABASE_URL: "postgres://u:p@db:5432/hearth",
      JWT_SECRET: "j".repeat(32),
      ENCRYPTION_KEY: "e".repeat(32),
      BRAND: "sfw",
      PUBLIC_URL: "https://chat.example.com/",
      PARTNER_HOSTS: " Partner.Example ,other.example,, ",
      TERMS_URL: "https://example.com/terms",
      ADMIN_EMAIL: "Boss@Example.com",
      ADMIN_PASSWORD: "long enough",
      SEED_DEMO: "false",
      AUTH_RATE_LIMIT_MAX: "3",
      LOGIN_FAILURES_MAX: "5",
      TRUST_PROXY: "10.0.0.1",
      REQUEST_TIMEOUT_S: "2.5",
      LLM_BASE_URL: "http://localhost:8000/v1/",
      LLM_API_KEY: "sk-x",
      LLM_MODEL: "m",
      MODEL_PATH: "models/a.gguf",
      MODEL_REF: "none",
      LLM_CONTEXT_SIZE: "16384",
      LLM_PARALLEL: "2",
      LLM_MAX_CONCURRENCY: "16",
      RESERVED_SLOTS: "4",
      SPECIAL_CHARACTER_ID: "7d3f5b1e-2a4c-4e8f-9b6d-1c2e3f4a5b6c",
      REDIS_URL: "redis://cache:6379/1",
      LLM_THREADS: "3",
      LLM_TIMEOUT_S: "5",
      USER_OPENAI_BASE_URL: "http://proxy.example/v1/",
      USER_OPENAI_MODEL: "gpt-4.1-mini",
      WEB_DIST: "web",
      LOG_LEVEL: "silent",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/var/lib/hearth",
      databaseUrl: "postgres://u:p@db:5432/hearth",
      brand: "sfw",
      publicUrl: "https://chat.example.com",
      partnerHosts: ["partner.example", "other.example"],
      brandingUrls: { support: null, terms: "https://example.com/terms", privacy: null, refund: null },
      admin: { email: "boss@example.com", password: "long enough" },
      seedDemo: false,
      authRateLimitMax: 3,
      loginFailuresMax: 5,
      trustProxy: ["10.0.0.1"],
      requestTimeoutMs: 2500,
      webDist: resolve(process.cwd(), "web"),
      logLevel: "silent",
    });
    expect(config.redisUrl).toBe("redis://cache:6379/1");
    expect(config.waitingRoom).toEqual({
      reservedSlots: 4,
      specialCharacterId: "7d3f5b1e-2a4c-4e8f-9b6d-1c2e3f4a5b6c",
    });
    expect(config.llm).toEqual({
      baseUrl: "http://localhost:8000/v1",
      apiKey: "sk-x",
      model: "m",
      modelPath: resolve(process.cwd(), "models/a.gguf"),
      modelRef: null,
      contextSize: 16384,
      upstreams: [{ baseUrl: "http://localhost:8000/v1", concurrency: 16 }],
      parallel: 2,
      threads: 3,
      timeoutMs: 5000,
      userOpenAi: { baseUrl: "http://proxy.example/v1", model: "gpt-4.1-mini" },
    });
  });

  it("reads the moderation server settings, none by default", () => {
    expect(loadConfig({}).moderation).toEqual({
      baseUrl: null,
      apiKey: null,
      model: DEFAULT_MODERATION_MODEL,
    });
    expect(
      loadConfig({
        MODERATION_BASE_URL: "https://api.openai.com/",
        MODERATION_API_KEY: "sk-m",
        MODERATION_MODEL: "text-moderation-stable",
      }).moderation,
    ).toEqual({ baseUrl: "https://api.openai.com", apiKey: "sk-m", model: "text-moderation-stable" });
    expect(loadConfig({ MODERATION_BASE_URL: " " }).moderation.baseUrl).toBeNull();
    expect(() => loadConfig({ MODERATION_BASE_URL: "ftp://moderation.example" })).toThrow(
      /MODERATION_BASE_URL/,
    );
  });

  it("reads several OpenAI-compatible servers, with one concurrency for all or one each", () => {
    expect(
      loadConfig({ LLM_BASE_URL: "http://a/v1/, http://b/v1", LLM_MAX_CONCURRENCY: "3" }).llm,
    ).toMatchObject({
      baseUrl: "http://a/v1",
      upstreams: [
        { baseUrl: "http://a/v1", concurrency: 3 },
        { baseUrl: "http://b/v1", concurrency: 3 },
      ],
    });
    expect(
      loadConfig({
        LLM_BASE_URL: "http://a/v1,http://b/v1",
        LLM_MAX_CONCURRENCY: "2, 6",
        RESERVED_SLOTS: "7",
      }).llm.upstreams,
    ).toEqual([
      { baseUrl: "http://a/v1", concurrency: 2 },
      { baseUrl: "http://b/v1", concurrency: 6 },
    ]);
  });

  it("refuses reserved slots that leave none to the waiting room, and a Redis URL of another scheme", () => {
    expect(() => loadConfig({ LLM_PARALLEL: "2", RESERVED_SLOTS: "2" })).toThrow(
      /RESERVED_SLOTS: must be less than the engine's 2 slots \(LLM_PARALLEL\)/,
    );
    expect(() =>
      loadConfig({ LLM_BASE_URL: "http://llm/v1", LLM_MAX_CONCURRENCY: "3", RESERVED_SLOTS: "5" }),
    ).toThrow(/LLM_MAX_CONCURRENCY/);
    expect(() =>
      loadConfig({ LLM_BASE_URL: "http://a/v1,http://b/v1", LLM_MAX_CONCURRENCY: "1,2,3" }),
    ).toThrow(/one per LLM_BASE_URL/);
    expect(() => loadConfig({ LLM_BASE_URL: "http://a/v1, ftp://b" })).toThrow(
      /LLM_BASE_URL: must be http\(s\) URLs/,
    );
    expect(() => loadConfig({ REDIS_URL: "http://cache:6379" })).toThrow(
      /REDIS_URL: must start with redis:\/\//,
    );
    expect(() => loadConfig({ SPECIAL_CHARACTER_ID: "special" })).toThrow(/SPECIAL_CHARACTER_ID/);
  });

  it("treats empty values as unset", () => {
    const config = loadConfig({ DATABASE_URL: "", JWT_SECRET: " ", LLM_BASE_URL: "" });
    expect(config.databaseUrl).toBeNull();
    expect(config.jwtSecret).toBeNull();
    expect(config.llm.baseUrl).toBeNull();
  });

  it("reads TRUST_PROXY as false, true, or proxy addresses and CIDR ranges", () => {
    expect(loadConfig({ TRUST_PROXY: "" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: " 10.0.0.0/8, 172.16.0.1,::1 , fd00::/8,Loopback" }).trustProxy).toEqual(
      ["10.0.0.0/8", "172.16.0.1", "::1", "fd00::/8", "loopback"],
    );
    for (const bad of ["yes", "1", "10.0.0.0/33", "::/129", "proxy.example", "10.0.0.1,nope", ","]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it("names every invalid variable", () => {
    const bad = {
      PORT: "eighty",
      BRAND: "kids",
      DATABASE_URL: "mysql://x",
      JWT_SECRET: "short",
      SEED_DEMO: "maybe",
      LOGIN_FAILURES_MAX: "0",
      TRUST_PROXY: "everyone",
      REQUEST_TIMEOUT_S: "0",
      LOG_LEVEL: "loud",
    };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    try {
      loadConfig(bad);
    } catch (error) {
      const message = (error as Error).message;
      for (const name of Object.keys(bad)) expect(message).toContain(name);
    }
  });
});

describe("Stripe settings", () => {
  const keys = {
    STRIPE_SECRET_KEY: "sk_test_x",
    STRIPE_PUBLISHABLE_KEY: "pk_test_x",
    STRIPE_WEBHOOK_SECRET: "whsec_x",
  };
  it("is off without keys and on with all three", () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(loadConfig(keys).stripe).toEqual({
      secretKey: "sk_test_x",
      publishableKey: "pk_test_x",
      webhookSecret: "whsec_x",
      apiUrl: null,
    });
  });
  it("fails fast on a partial set or a wrong key", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/set all three or none/);
    expect(() => loadConfig({ ...keys, STRIPE_WEBHOOK_SECRET: "" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...keys, STRIPE_PUBLISHABLE_KEY: "sk_test_x" })).toThrow(
      /STRIPE_PUBLISHABLE_KEY/,
    );
  });
});
