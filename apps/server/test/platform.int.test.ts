import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AppConfig, AuthResponse, Health } from "@hearth/contracts";
import {
  appConfigSchema,
  FEATURE_FLAG_DEFAULTS,
  healthSchema,
  REMOTE_SETTING_DEFAULTS,
} from "@hearth/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { analyticsEvents, featureFlags } from "../src/db/schema";
import { ensureConfigDefaults } from "../src/modules/app-config/index";
import { checkHealth } from "../src/modules/health/service";
import { createLlmRegistry } from "../src/modules/llm/index";
import { call, startServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ AUTH_RATE_LIMIT_MAX: "1000", PARTNER_HOSTS: "partner.example, 127.0.0.1" });
});
afterAll(async () => {
  await server?.close();
});

describe("GET /api/health", () => {
  it("reports the database and a missing language model as degraded", async () => {
    const response = await call<Health>(server, "/api/health");
    expect(response.status).toBe(200);
    const health = healthSchema.parse(response.body);
    expect(health.database).toEqual({ ok: true, driver: server.config.databaseUrl ? "postgres" : "pglite" });
    expect(health.llm).toMatchObject({ ok: false, engine: "none" });
    expect(health.llm.message).toMatch(/LLM_BASE_URL/);
    expect(health.status).toBe("degraded");
  });

  it("answers 503 when the database is down", async () => {
    const down = { ...server.database, ping: async () => false };
    const llm = { defaultStatus: async () => ({ ok: true, engine: "openai" as const, message: "fine" }) };
    const health = await checkHealth(down, llm);
    expect(health).toMatchObject({ status: "degraded", database: { ok: false } });
  });

  it("probes an OpenAI-compatible server's /models", async () => {
    let status = 200;
    const fake: Server = createServer((request, response) => {
      response.statusCode = request.url === "/v1/models" ? status : 404;
      response.end('{"data":[]}');
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    const address = fake.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const config = loadConfig({ LLM_BASE_URL: `http://127.0.0.1:${port}/v1/` });
      const llm = createLlmRegistry(config);
      expect(await llm.defaultStatus()).toMatchObject({ ok: true, engine: "openai" });
      status = 500;
      expect(await llm.defaultStatus()).toMatchObject({ ok: false, engine: "openai" });
    } finally {
      await new Promise((resolve) => fake.close(resolve));
    }
    const unreachable = createLlmRegistry(loadConfig({ LLM_BASE_URL: `http://127.0.0.1:${port}` }));
    expect(await unreachable.defaultStatus()).toMatchObject({ ok: false, engine: "openai" });
  });

  it("reports a model file for the embedded engine", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hearth-model-"));
    try {
      const modelPath = join(dir, "model.gguf");
      const llm = createLlmRegistry(loadConfig({ MODEL_PATH: modelPath }));
      expect(await llm.defaultStatus()).toMatchObject({ ok: false, engine: "none" });
      writeFileSync(modelPath, "GGUF");
      expect(await llm.defaultStatus()).toEqual({
        ok: true,
        engine: "llama",
        message: "The embedded model model.gguf loads on first use.",
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("GET /api/config", () => {
  it("answers branding, partner mode by host, seeded flags and settings", async () => {
    const response = await call<AppConfig>(server, "/api/config");
    expect(response.status).toBe(200);
    const config = appConfigSchema.parse(response.body);
    expect(config.brand).toBe("adult");
    expect(config.branding).toMatchObject({ name: "Hearth", default_theme: "dark", adult_content: true });
    expect(config.branding.logo_url).toBe("/brand/logo.svg");
    expect(config.partner_mode).toBe(true);
    expect(config.flags).toEqual(FEATURE_FLAG_DEFAULTS);
    expect(config.settings).toEqual(REMOTE_SETTING_DEFAULTS);
    expect(config.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("never overwrites a stored flag when defaults are seeded again", async () => {
    const { db } = server.database;
    await db.update(featureFlags).set({ enabled: true }).where(eq(featureFlags.name, "chat_layout_v1"));
    await ensureConfigDefaults(db);
    const response = await call<AppConfig>(server, "/api/config");
    expect(response.body.flags.chat_layout_v1).toBe(true);
    await db.update(featureFlags).set({ enabled: false }).where(eq(featureFlags.name, "chat_layout_v1"));
  });
});

describe("POST /api/event", () => {
  it("stores events for anonymous visitors, guests and members", async () => {
    const { db } = server.database;
    const anonymous = await call<{ id: string }>(server, "/api/event", {
      body: { event_name: "page_view", payload: { path: "/" } },
    });
    expect(anonymous.status).toBe(201);

    const guest = await call<AuthResponse>(server, "/api/auth/guest", { method: "POST" });
    const guestEvent = await call<{ id: string }>(server, "/api/event", {
      body: { event_name: "nsfw_switch" },
      token: guest.body.access_token,
    });
    expect(guestEvent.status).toBe(201);

    const member = await call<AuthResponse>(server, "/api/auth/signup", {
      body: { email: `events-${Date.now()}@example.test`, password: "correct horse" },
    });
    const memberEvent = await call<{ id: string }>(server, "/api/event", {
      body: { event_name: "social_click", payload: { network: "x" } },
      token: member.body.access_token,
    });
    expect(memberEvent.status).toBe(201);

    const rows = await db.select().from(analyticsEvents);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(anonymous.body.id)).toMatchObject({
      userId: null,
      guestId: null,
      payload: { path: "/" },
    });
    expect(byId.get(guestEvent.body.id)).toMatchObject({
      userId: null,
      guestId: guest.body.user.id,
      payload: {},
    });
    expect(byId.get(memberEvent.body.id)).toMatchObject({ userId: member.body.user.id, guestId: null });
  });

  it("rejects a payload over 8 KB and a bad event name", async () => {
    const big = await call(server, "/api/event", {
      body: { event_name: "page_view", payload: { blob: "x".repeat(8200) } },
    });
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({
      error: { code: "validation_error", fields: { payload: expect.any(String) } },
    });
    const badName = await call(server, "/api/event", { body: { event_name: "bad name!", payload: {} } });
    expect(badName.status).toBe(400);
    expect(badName.body).toMatchObject({ error: { fields: { event_name: expect.any(String) } } });
  });
});
