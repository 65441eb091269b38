import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { AppConfig, AuthResponse } from "@hearth/contracts";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { seedDatabase } from "../src/commands/seed/seed";
import { loadConfig } from "../src/config";
import { users } from "../src/db/schema";
import { brandingFor } from "../src/modules/app-config/branding";
import { bundledTokenCounter } from "../src/modules/llm/tokenizers";
import { call, startServer, type TestServer } from "./harness";

const OLD_DEFAULT_PASSWORD = "hearth-admin";
const ADMIN_EMAIL = "admin@hearth.local";
const GENERATED = /admin account (\S+) was created with this generated password: (\S+)/;
/** The demo characters' token_count; these tests do not look at it. */
const countTokens = bundledTokenCounter("");

const login = (server: { url: string }, email: string, password: string) =>
  call<AuthResponse>(server as TestServer, "/api/auth/login", { body: { email, password } });

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server whose database is fresh and not seeded yet, so a test can run the first start's seed itself. */
async function unseededServer(env: Record<string, string> = {}) {
  server = await startServer({ SEED_DEMO: "false", AUTH_RATE_LIMIT_MAX: "1000", ...env });
  return server;
}

describe("the seeded admin's password", () => {
  it("without ADMIN_PASSWORD: random, logged once with the address, stored only as a hash", async () => {
    const started = await unseededServer();
    expect(started.config.admin.password).toBeNull();
    const warnings: string[] = [];
    const log = { warn: (message: string) => warnings.push(message) };

    await seedDatabase(started.database.db, { ...started.config, seedDemo: true }, { countTokens, log });
    expect(warnings).toHaveLength(1);
    const [, email, password = ""] = warnings[0]?.match(GENERATED) ?? [];
    expect(email).toBe(ADMIN_EMAIL);
    expect(password.length).toBeGreaterThanOrEqual(20);

    expect((await login(started, ADMIN_EMAIL, OLD_DEFAULT_PASSWORD)).status).toBe(401);
    const signedIn = await login(started, ADMIN_EMAIL, password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.role).toBe("admin");
    const [row] = await started.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, ADMIN_EMAIL));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(password);

    // The next start changes nothing and shows nothing.
    await seedDatabase(started.database.db, { ...started.config, seedDemo: true }, { countTokens, log });
    expect(warnings).toHaveLength(1);
    expect((await login(started, ADMIN_EMAIL, password)).status).toBe(200);
  });

  it("each instance gets its own password", async () => {
    const passwords: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const started = await unseededServer();
      await seedDatabase(
        started.database.db,
        { ...started.config, seedDemo: true },
        {
          countTokens,
          log: { warn: (message) => passwords.push(message.match(GENERATED)?.[2] ?? "") },
        },
      );
      await started.close();
      server = undefined;
    }
    expect(passwords).toHaveLength(2);
    expect(passwords[0]).not.toBe(passwords[1]);
  });

  it("with ADMIN_PASSWORD: that one, and nothing logged", async () => {
    const started = await unseededServer({
      ADMIN_EMAIL: "Boss@Example.test",
      ADMIN_PASSWORD: "chosen by the operator",
    });
    const warnings: string[] = [];
    await seedDatabase(
      started.database.db,
      { ...started.config, seedDemo: true },
      { countTokens, log: { warn: (message) => warnings.push(message) } },
    );
    expect(warnings).toEqual([]);
    expect((await login(started, "boss@example.test", "chosen by the operator")).status).toBe(200);
    expect((await login(started, "boss@example.test", OLD_DEFAULT_PASSWORD)).status).toBe(401);
  });
});

describe("the support link", () => {
  it("is never the admin's address: empty by default, SUPPORT_URL when set", async () => {
    const started = await startServer({
      ADMIN_EMAIL: "owner@example.test",
      ADMIN_PASSWORD: "long enough secret",
    });
    const config = await call<AppConfig>(started, "/api/config");
    await started.close();
    expect(config.status).toBe(200);
    expect(config.body.branding.support_url).toBe("");
    expect(JSON.stringify(config.body)).not.toContain("owner@example.test");

    for (const brand of ["adult", "sfw"]) {
      const branding = brandingFor(loadConfig({ BRAND: brand }));
      expect(branding.support_url).not.toContain(ADMIN_EMAIL);
      expect(branding.support_url).toBe("");
    }
    expect(brandingFor(loadConfig({ SUPPORT_URL: "https://help.example.test" })).support_url).toBe(
      "https://help.example.test",
    );
  });
});

describe("a real first start (the server process, embedded database)", () => {
  let child: ChildProcess | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child?.once("exit", done));
      child.kill("SIGTERM");
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints the generated password once in a warning; it signs in and hearth-admin does not", async () => {
    dataDir = mkdtempSync(join(tmpdir(), "hearth-first-start-"));
    const root = resolve(import.meta.dirname, "../../..");
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? dataDir,
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: "0",
      MODEL_REF: "none",
      WEB_DIST: join(dataDir, "no-web-dist"),
      LOG_LEVEL: "info",
    };
    const started = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
      cwd: root,
      env,
    });
    child = started;
    let output = "";
    const url = await new Promise<string>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no start within 50 s:\n${output}`)), 50_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const address = output.match(/running at (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
        if (address) {
          clearTimeout(timer);
          done(address);
        }
      };
      started.stdout?.on("data", read);
      started.stderr?.on("data", read);
      started.once("exit", (code) => fail(new Error(`the server exited (${code}):\n${output}`)));
    });

    const notices = output.split("\n").filter((line) => GENERATED.test(line));
    expect(notices, output).toHaveLength(1);
    const [, email, password = ""] = notices[0]?.match(GENERATED) ?? [];
    expect(email).toBe(ADMIN_EMAIL);
    expect((await login({ url }, ADMIN_EMAIL, OLD_DEFAULT_PASSWORD)).status).toBe(401);
    const signedIn = await login({ url }, ADMIN_EMAIL, password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.role).toBe("admin");
  }, 90_000);
});
