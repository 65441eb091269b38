/**
 * Cold load of the main page in Chromium against the built app: bytes, requests and DOMContentLoaded,
 * then a reload to count assets revalidated instead of served from cache. Run with `npm run bench`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const PORT = 3390;
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = 5;

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, ["apps/server/dist/main.js"], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "inherit",
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "hearth-bench-"));
  const server = startServer(dataDir);
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
    const bytes: number[] = [];
    const requests: number[] = [];
    const dcl: number[] = [];
    let revalidated = 0;
    let cachedOnReload = 0;
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      let transferred = 0;
      let count = 0;
      cdp.on("Network.loadingFinished", (e) => {
        transferred += e.encodedDataLength;
        count++;
      });
      await page.goto(BASE, { waitUntil: "networkidle" });
      const timing = await page.evaluate(() => {
        const [nav] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
        return nav ? nav.domContentLoadedEventEnd - nav.startTime : 0;
      });
      bytes.push(transferred);
      requests.push(count);
      dcl.push(timing);
      if (run === 0) {
        const statuses: number[] = [];
        let fromCache = 0;
        page.on("response", (r) => {
          if (r.url().includes("/assets/")) statuses.push(r.status());
        });
        cdp.on("Network.requestServedFromCache", () => fromCache++);
        cdp.on("Network.responseReceived", (e) => {
          if (e.response.url.includes("/assets/") && e.response.fromDiskCache) fromCache++;
        });
        await page.goto(BASE, { waitUntil: "networkidle" });
        revalidated = statuses.filter((s) => s === 304).length;
        cachedOnReload = fromCache;
      }
      await context.close();
    }
    const row = (name: string, value: string, target: string) =>
      console.log(`| ${name} | ${value} | ${target} |`);
    console.log(`\nCold load of / over ${RUNS} fresh browser contexts (medians)\n`);
    console.log("| figure | measured | target |\n|---|---|---|");
    row("bytes transferred", `${(median(bytes) / 1024).toFixed(1)} KB`, "< 300 KB");
    row("requests", String(median(requests)), "< 25");
    row("DOMContentLoaded", `${median(dcl).toFixed(0)} ms`, "< 300 ms");
    row("hashed assets revalidated on navigation", String(revalidated), "0 (cached immutable)");
    row("asset responses from cache on navigation", String(cachedOnReload), "all");
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
