import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3310);
/** The fake OpenAI-compatible model server the app talks to (e2e/support/llm.ts controls it). */
const llmPort = Number(process.env.E2E_LLM_PORT ?? port + 1);
process.env.E2E_LLM_PORT = String(llmPort);
/** A second instance of the app on the same database with BRAND=sfw (the safe-for-work variant). */
const sfwPort = Number(process.env.E2E_SFW_PORT ?? port + 2);
process.env.E2E_SFW_PORT = String(sfwPort);
/** A third instance whose sale window (SALE_START..SALE_END) runs today; the others' starts in 100 days. */
const salePort = Number(process.env.E2E_SALE_PORT ?? port + 10);
process.env.E2E_SALE_PORT = String(salePort);

/** The UTC day `offset` days from today as MM-DD (a sale window's first or last day). */
function monthDayFrom(offset: number): string {
  const day = new Date(Date.now() + offset * 86_400_000);
  return `${String(day.getUTCMonth() + 1).padStart(2, "0")}-${String(day.getUTCDate()).padStart(2, "0")}`;
}
/** The fake OpenAI-compatible speech and transcription server (apps/server/test/support/fake-openai-speech.ts). */
const speechPort = Number(process.env.E2E_SPEECH_PORT ?? port + 5);
process.env.E2E_SPEECH_PORT = String(speechPort);
/** The fake AUTOMATIC1111 image engine (apps/server/test/support/fake-a1111.ts): e2e/images.spec.ts. */
const imagePort = Number(process.env.E2E_IMAGE_PORT ?? port + 3);
process.env.E2E_IMAGE_PORT = String(imagePort);
/** The fake SubscribeStar (OAuth 2 and GraphQL API) the main instance links accounts with (e2e/subscribestar.spec.ts). */
const subscribestarPort = Number(process.env.E2E_SUBSCRIBESTAR_PORT ?? port + 7);
process.env.E2E_SUBSCRIBESTAR_PORT = String(subscribestarPort);
const databaseUrl = process.env.E2E_DATABASE_URL;
if (!databaseUrl) throw new Error("E2E_DATABASE_URL is not set: run the e2e tests with `npm run test:e2e`.");

function serverEnv(serverPort: number): Record<string, string> {
  return {
    PORT: String(serverPort),
    HOST: "127.0.0.1",
    DATA_DIR: mkdtempSync(join(tmpdir(), "hearth-e2e-")),
    DATABASE_URL: databaseUrl ?? "",
    AUTH_RATE_LIMIT_MAX: "1000",
    REFRESH_RATE_LIMIT_MAX: "100000",
    LOG_LEVEL: "warn",
    // No sale (no birthday banner) while the tests run, whatever the date; the sale instance has one.
    SALE_START: monthDayFrom(100),
    SALE_END: monthDayFrom(104),
    LLM_BASE_URL: `http://127.0.0.1:${llmPort}/v1`,
    TTS_BASE_URL: `http://127.0.0.1:${speechPort}/v1`,
    STT_BASE_URL: `http://127.0.0.1:${speechPort}/v1`,
  };
}

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: [
    {
      command: `node_modules/.bin/tsx apps/server/test/support/fake-a1111.ts --port ${imagePort} --step-ms 150`,
      url: `http://127.0.0.1:${imagePort}/__control`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "pipe",
    },
    {
      command: `node_modules/.bin/tsx apps/server/test/support/fake-openai.ts --port ${llmPort} --delay-ms 40`,
      url: `http://127.0.0.1:${llmPort}/v1/models`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "pipe",
    },
    {
      command: `node_modules/.bin/tsx apps/server/test/support/fake-openai-speech.ts --port ${speechPort} --chunk-delay-ms 20`,
      url: `http://127.0.0.1:${speechPort}/__control`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "pipe",
    },
    {
      command: `node_modules/.bin/tsx apps/server/test/support/fake-subscribestar.ts --port ${subscribestarPort} --client-id e2e-client --client-secret e2e-secret`,
      url: `http://127.0.0.1:${subscribestarPort}/__fake/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "pipe",
    },
    {
      command: "node apps/server/dist/main.js",
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      env: {
        ...serverEnv(port),
        IMAGE_BASE_URL: `http://127.0.0.1:${imagePort}`,
        IMAGE_API: "a1111",
        SUBSCRIBESTAR_CLIENT_ID: "e2e-client",
        SUBSCRIBESTAR_CLIENT_SECRET: "e2e-secret",
        SUBSCRIBESTAR_BASE_URL: `http://127.0.0.1:${subscribestarPort}`,
      },
    },
    {
      // Started once the first instance has migrated the shared database.
      command: `node e2e/support/wait-for.mjs http://127.0.0.1:${port}/api/health && exec node apps/server/dist/main.js`,
      url: `http://127.0.0.1:${sfwPort}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: "pipe",
      env: { ...serverEnv(sfwPort), BRAND: "sfw" },
    },
    {
      // The sale from yesterday to tomorrow (UTC): e2e/sale.spec.ts.
      command: `node e2e/support/wait-for.mjs http://127.0.0.1:${port}/api/health && exec node apps/server/dist/main.js`,
      url: `http://127.0.0.1:${salePort}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: "pipe",
      env: { ...serverEnv(salePort), SALE_START: monthDayFrom(-1), SALE_END: monthDayFrom(1) },
    },
  ],
});
