import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REFRESH_COOKIE } from "@hearth/contracts";
import pg from "pg";
import { type AppDeps, buildApp } from "../src/app";
import { seedDatabase } from "../src/commands/seed/seed";
import { loadConfig, type ServerConfig } from "../src/config";
import type { App } from "../src/context";
import { type DatabaseHandle, openDatabase } from "../src/db/client";
import { createLlmRegistry, type LlmRegistry } from "../src/modules/llm/index";
import { MIGRATIONS_DIR } from "../src/paths";
import { resolveSecrets } from "../src/secrets";

export type TestServer = {
  url: string;
  app: App;
  config: ServerConfig;
  database: DatabaseHandle;
  jwtSecret: string;
  close(): Promise<void>;
};

/**
 * Starts the real HTTP server on a free port with a fresh data folder and a fresh database: embedded
 * PGlite by default, or a new database on the PostgreSQL server named by TEST_DATABASE_URL.
 */
export async function startServer(
  env: Record<string, string> = {},
  llm?: LlmRegistry,
  deps: Pick<AppDeps, "clock" | "jobPollingIntervalSeconds" | "jobSchedules"> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "hearth-test-"));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const testDatabase = adminUrl ? await createPostgresDatabase(adminUrl) : null;
  if (!testDatabase) await copyPgliteTemplate(join(dataDir, "pglite"));

  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    WEB_DIST: join(dataDir, "no-web-dist"),
    ...(testDatabase ? { DATABASE_URL: testDatabase.url } : {}),
    ...env,
  });
  const database = await openDatabase(config);
  // As main.ts: the registry first (it only builds objects), then the seed, with the platform's tokenizer.
  const registry = llm ?? createLlmRegistry(config);
  await seedDatabase(database.db, config, { countTokens: (text) => registry.platform.countTokens(text) });
  // Cron schedules do not fire by default: a wall-clock slot passing mid-test (SubscribeStar's sweep every
  // 15 minutes) would send a job the test did not ask for, at a moment it did not choose.
  const app = await buildApp(config, { database, llm: registry, jobSchedules: false, ...deps });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("The test server has no port");

  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    config,
    database,
    jwtSecret: resolveSecrets(config).jwtSecret,
    async close() {
      await app.close();
      if (!llm) await registry.close();
      await database.close();
      await testDatabase?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hearth_test_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A fresh PGlite runs initdb (seconds), so a migrated copy is made once per set of migrations, kept in the
 * temp folder, and copied for every server (well under a second).
 */
async function copyPgliteTemplate(target: string): Promise<void> {
  const hash = createHash("sha256");
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    if (file.endsWith(".sql")) hash.update(readFileSync(join(MIGRATIONS_DIR, file)));
  }
  const template = join(tmpdir(), `hearth-pglite-template-${hash.digest("hex").slice(0, 16)}`);
  if (!existsSync(template)) {
    const building = mkdtempSync(join(tmpdir(), "hearth-pglite-building-"));
    const handle = await openDatabase({ databaseUrl: null, dataDir: building });
    await handle.close();
    try {
      renameSync(join(building, "pglite"), template);
    } catch (error) {
      if (!existsSync(template)) throw error;
    } finally {
      rmSync(building, { recursive: true, force: true });
    }
  }
  cpSync(template, target, { recursive: true });
}

/** A JSON request to the test server; answers the status, parsed body and headers. */
export async function call<T = Record<string, unknown>>(
  server: TestServer,
  path: string,
  options: { method?: string; body?: unknown; rawBody?: string; token?: string; cookie?: string } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined || options.rawBody !== undefined)
    headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = `${REFRESH_COOKIE}=${options.cookie}`;
  const response = await fetch(`${server.url}${path}`, {
    method: options.method ?? (options.body === undefined && options.rawBody === undefined ? "GET" : "POST"),
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  const body = (
    text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text
  ) as T;
  return { status: response.status, body, headers: response.headers };
}

/** The refresh cookie a response sets: its value, or "" when it clears it; null when it does not touch it. */
export function refreshCookieOf(headers: Headers): string | null {
  for (const cookie of headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const [name, value] = (pair ?? "").split("=");
    if (name === REFRESH_COOKIE) return value ?? "";
  }
  return null;
}
