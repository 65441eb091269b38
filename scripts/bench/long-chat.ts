/**
 * A 5,000-message conversation in Chromium against the built app: time to interactive of the chat page
 * (from navigation until the composer is enabled and the newest message is on screen), the message
 * elements and DOM nodes in the page, and the time to scroll up to the very first message. The
 * conversation is seeded straight into PostgreSQL (LONG_CHAT_DATABASE_URL, the server's database).
 * Run with `npm run bench`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { seedLongConversation } from "../../e2e/support/db";

const PORT = 3392;
const BASE = `http://127.0.0.1:${PORT}`;
const MESSAGES = 5000;
const RUNS = 5;
const TARGET_MS = 1000;
const PASSWORD = "correct horse battery";
const NEWEST = `Message ${MESSAGES} of the long chat.`;
const FIRST = "Message 1 of the long chat.";

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

function startServer(dataDir: string, databaseUrl: string): ChildProcess {
  return spawn(process.execPath, ["apps/server/dist/main.js"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      AUTH_RATE_LIMIT_MAX: "1000",
      LOG_LEVEL: "warn",
    },
    stdio: "inherit",
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> {
  const response = await fetch(`${BASE}${path}`, {
    method: init.method ?? (init.body ? "POST" : "GET"),
    headers: {
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A member who finished onboarding, and a demo character. */
async function memberAndCharacter(): Promise<{ email: string; characterId: string }> {
  const email = `bench-${randomUUID().slice(0, 8)}@example.test`;
  await api("/api/auth/signup", { body: { email, password: PASSWORD } });
  const { access_token: token } = await api<{ access_token: string }>("/api/auth/login", {
    body: { email, password: PASSWORD },
  });
  const username = `bench_${randomUUID().replaceAll("-", "").slice(0, 10)}`;
  await api("/api/users/onboarding", {
    method: "PUT",
    token,
    body: { step: "guidelines", username, name: "Ada", age_confirmed: true, toc_accepted: true },
  });
  await api("/api/users/onboarding", {
    method: "PUT",
    token,
    body: { step: "done", guidelines_accepted: true },
  });
  const { data } = await api<{ data: { id: string }[] }>("/api/characters?limit=1");
  const characterId = data[0]?.id;
  if (!characterId) throw new Error("no demo character");
  return { email, characterId };
}

/**
 * Milliseconds from the navigation's start until the composer is enabled and the newest message is
 * inside the viewport, checked every animation frame in the page.
 */
async function timeToInteractive(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: "commit" });
  const handle = await page.waitForFunction(
    (newest) => {
      const input = document.querySelector<HTMLTextAreaElement>("#chat-input");
      if (!input || input.disabled) return false;
      const bubble = Array.from(document.querySelectorAll(".chat-message")).find((el) =>
        el.textContent?.includes(newest),
      );
      if (!bubble) return false;
      const box = bubble.getBoundingClientRect();
      if (box.bottom <= 0 || box.top >= window.innerHeight) return false;
      return performance.now();
    },
    NEWEST,
    { polling: "raf", timeout: 30_000 },
  );
  return Number(await handle.jsonValue());
}

/** Scrolls up with the mouse wheel until the first message is on screen; answers the time it took. */
async function scrollToFirst(page: Page): Promise<number> {
  const started = Date.now();
  await page.mouse.move(400, 400);
  for (let step = 0; step < 2000; step++) {
    const inView = await page.evaluate((first) => {
      const bubble = Array.from(document.querySelectorAll(".chat-message")).find((el) =>
        el.textContent?.includes(first),
      );
      if (!bubble) return false;
      const box = bubble.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    }, FIRST);
    if (inView) return Date.now() - started;
    await page.mouse.wheel(0, -4000);
    await page.waitForTimeout(16);
  }
  throw new Error("the first message was never reached");
}

async function counts(page: Page): Promise<{ messages: number; nodes: number }> {
  return page.evaluate(() => ({
    messages: document.querySelectorAll(".chat-message").length,
    nodes: document.querySelectorAll("*").length,
  }));
}

async function measure(browser: Browser, email: string, url: string) {
  const tti: number[] = [];
  let opened = { messages: 0, nodes: 0 };
  let atFirst = { messages: 0, nodes: 0 };
  let scrollMs = 0;
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // Signed in: the refresh cookie lands in this context.
    const login = await context.request.post(`${BASE}/api/auth/login`, {
      data: { email, password: PASSWORD },
    });
    if (!login.ok()) throw new Error(`login: ${login.status()}`);
    const page = await context.newPage();
    tti.push(await timeToInteractive(page, url));
    if (run === 0) {
      opened = await counts(page);
      scrollMs = await scrollToFirst(page);
      atFirst = await counts(page);
    }
    await context.close();
  }
  return { tti, opened, atFirst, scrollMs };
}

async function main(): Promise<void> {
  const databaseUrl = process.env.LONG_CHAT_DATABASE_URL;
  if (!databaseUrl) {
    console.log("\nLong chat: skipped (set LONG_CHAT_DATABASE_URL to a PostgreSQL database; bench.sh does)");
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), "hearth-bench-long-"));
  const server = startServer(dataDir, databaseUrl);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
    ],
  });
  try {
    await waitForHealth();
    const { email, characterId } = await memberAndCharacter();
    const conversationId = await seedLongConversation(email, characterId, MESSAGES, databaseUrl);
    const url = `${BASE}/chat/${characterId}/${conversationId}`;
    const { tti, opened, atFirst, scrollMs } = await measure(browser, email, url);
    const row = (name: string, value: string, target: string) =>
      console.log(`| ${name} | ${value} | ${target} |`);
    console.log(
      `\nA ${MESSAGES.toLocaleString("en")}-message chat in Chromium, 1280x800 (${RUNS} fresh contexts)\n`,
    );
    console.log("| figure | measured | target |\n|---|---|---|");
    row(
      "time to interactive (composer enabled, newest message on screen), median",
      `${median(tti).toFixed(0)} ms (runs: ${tti.map((t) => t.toFixed(0)).join(", ")})`,
      `< ${TARGET_MS} ms`,
    );
    row("message elements in the page when opened", String(opened.messages), "< 300");
    row("DOM nodes in the page when opened", String(opened.nodes), "-");
    row("scrolling up (wheel) to the first message", `${(scrollMs / 1000).toFixed(1)} s`, "reaches it");
    row("message elements at the first message", String(atFirst.messages), "< 300");
    row("DOM nodes at the first message", String(atFirst.nodes), "bounded");
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
