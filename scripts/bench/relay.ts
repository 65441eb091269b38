/**
 * Token relay benchmark: the fake OpenAI-compatible upstream (64 tokens, 10 ms apart) runs in this process;
 * the built app runs as its own process pointed at it. In one run it measures, straight from the upstream
 * and through the app (POST /api/generate as a signed-in member):
 * - time to first token (request sent -> first token received);
 * - relay delay per token: when the client received token i minus when the upstream wrote it (same
 *   process, same clock), so the figure through the app minus the direct one is what the app adds;
 * - concurrency: streams started at once (50, 100, 200, 500, then 1000 when 500 held) with the relay
 *   delay's p99, the inter-token gap p99 against the direct gap p99, and tokens relayed per second; the
 *   app holds a level when its p99 relay delay stays under 50 ms and no token is lost. Every level up to
 *   500 runs even when a smaller one fails, so the table shows the whole curve.
 * Run with `npm run bench` (after a build) or `npx tsx scripts/bench/relay.ts`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, type IncomingMessage, request, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { startFakeOpenAi } from "../../apps/server/test/support/fake-openai";

const PORT = Number(process.env.RELAY_BENCH_PORT ?? 3391);
const APP = `http://127.0.0.1:${PORT}`;
const TOKENS = 64;
const DELAY_MS = 10;
const SEQUENTIAL_RUNS = 20;
const LEVELS = (process.env.RELAY_BENCH_LEVELS ?? "50,100,200,500,1000").split(",").map(Number);
const P99_LIMIT_MS = 50;

type StreamTiming = { sentAt: number; arrivals: number[]; upstream: number[] };

// Upstream write times per stream, keyed by the unique message each stream sends (echoed in its body).
const upstreamWrites = new Map<string, number[]>();
const fake = await startFakeOpenAi({ delayMs: DELAY_MS, tokens: TOKENS });
{
  const write = ServerResponse.prototype.write;
  const keyOf = new WeakMap<ServerResponse, string>();
  ServerResponse.prototype.write = function patched(this: ServerResponse, ...args: Parameters<typeof write>) {
    const now = performance.now();
    if (this.req?.url === "/v1/chat/completions") {
      let key = keyOf.get(this);
      if (key === undefined) {
        // The fake pushes the request body and writes the role chunk in the same tick.
        key = fake.requests.at(-1)?.messages?.findLast((m) => m.role === "user")?.content ?? "";
        keyOf.set(this, key);
        upstreamWrites.set(key, []);
      } else {
        upstreamWrites.get(key)?.push(now);
      }
    }
    return write.apply(this, args);
  } as typeof write;
}

const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/** Streams one reply and timestamps each token as it arrives; `tokenPattern` counts tokens in the text. */
function stream(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  tokenPattern: RegExp,
): Promise<StreamTiming> {
  return new Promise((resolve, reject) => {
    const timing: StreamTiming = { sentAt: performance.now(), arrivals: [], upstream: [] };
    const req = request(
      url,
      { method: "POST", agent, headers: { "content-type": "application/json", ...headers } },
      (res: IncomingMessage) => {
        if (res.statusCode !== 200) {
          reject(new Error(`${url} answered ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding("utf8");
        let carry = "";
        res.on("data", (chunk: string) => {
          const now = performance.now();
          const text = carry + chunk;
          const cut = text.lastIndexOf("\n\n");
          if (cut < 0) {
            carry = text;
            return;
          }
          carry = text.slice(cut + 2);
          const count = text.slice(0, cut).match(tokenPattern)?.length ?? 0;
          for (let i = 0; i < count; i++) timing.arrivals.push(now);
        });
        res.on("end", () => resolve(timing));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

let streamCounter = 0;
const DIRECT_TOKEN = /"delta":\{"content":"[^"]/g;
const APP_TOKEN = /event: token\n/g;

async function direct(): Promise<StreamTiming> {
  const key = `bench-${++streamCounter}`;
  const timing = await stream(
    `${fake.url}/chat/completions`,
    {},
    { model: "fake-model", stream: true, max_tokens: 300, messages: [{ role: "user", content: key }] },
    DIRECT_TOKEN,
  );
  timing.upstream = upstreamWrites.get(key) ?? [];
  upstreamWrites.delete(key);
  return timing;
}

async function viaApp(token: string, characterId: string): Promise<StreamTiming> {
  const key = `bench-${++streamCounter}`;
  const timing = await stream(
    `${APP}/api/generate`,
    { authorization: `Bearer ${token}` },
    { type: "text", character_id: characterId, message: key },
    APP_TOKEN,
  );
  timing.upstream = upstreamWrites.get(key) ?? [];
  upstreamWrites.delete(key);
  return timing;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const median = (values: number[]) => quantile(values, 0.5);

function summarize(timings: StreamTiming[]) {
  const ttft: number[] = [];
  const delays: number[] = [];
  const gaps: number[] = [];
  let tokens = 0;
  for (const t of timings) {
    const first = t.arrivals[0];
    if (first !== undefined) ttft.push(first - t.sentAt);
    // The upstream's last write is the finish chunk / [DONE]; content chunks come first, in order.
    t.arrivals.forEach((arrival, i) => {
      const written = t.upstream[i];
      if (written !== undefined) delays.push(arrival - written);
      const previous = t.arrivals[i - 1];
      if (previous !== undefined) gaps.push(arrival - previous);
    });
    tokens += t.arrivals.length;
  }
  return { ttft, delays, gaps, tokens };
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${APP}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

function startApp(dataDir: string): ChildProcess {
  const profile = process.env.RELAY_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.RELAY_CPU_PROF}`]
    : [];
  return spawn(process.execPath, [...profile, "apps/server/dist/main.js"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // PostgreSQL as in production (bench.sh starts a throwaway one); embedded PGlite otherwise.
      ...(process.env.RELAY_DATABASE_URL ? { DATABASE_URL: process.env.RELAY_DATABASE_URL } : {}),
      LLM_BASE_URL: fake.url,
      LLM_MODEL: "fake-model",
      MODEL_REF: "none",
      GENERATE_RATE_LIMIT_MAX: "1000000",
      ADMIN_EMAIL: "bench@hearth.local",
      ADMIN_PASSWORD: "bench-password",
    },
    stdio: "inherit",
  });
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)} ms` : "-");
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : "-");

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "hearth-relay-bench-"));
  const app = startApp(dataDir);
  try {
    await waitForHealth();
    // The seeded administrator: a member without message limits.
    const login = await fetch(`${APP}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "bench@hearth.local", password: "bench-password" }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const characters = (await (await fetch(`${APP}/api/characters`)).json()) as { data: { id: string }[] };
    const characterId = characters.data[0]?.id;
    if (!token || !characterId) throw new Error("no member token or no demo character");

    // Warm-up (JIT, connection pools, tokenizer).
    for (let i = 0; i < 5; i++) await Promise.all([direct(), viaApp(token, characterId)]);

    // One stream at a time, alternating direct and through the app.
    const directRuns: StreamTiming[] = [];
    const appRuns: StreamTiming[] = [];
    for (let i = 0; i < SEQUENTIAL_RUNS; i++) {
      directRuns.push(await direct());
      appRuns.push(await viaApp(token, characterId));
    }
    const d = summarize(directRuns);
    const a = summarize(appRuns);
    console.log(
      `\nRelay, one stream at a time (${SEQUENTIAL_RUNS} streams each, ${TOKENS} tokens ${DELAY_MS} ms apart)\n`,
    );
    console.log("| figure | straight from upstream | through the app | added by the app |");
    console.log("|---|---|---|---|");
    console.log(
      `| time to first token, median | ${ms(median(d.ttft))} | ${ms(median(a.ttft))} | ${ms(median(a.ttft) - median(d.ttft))} |`,
    );
    console.log(
      `| relay delay per token, median | ${ms(median(d.delays))} | ${ms(median(a.delays))} | ${ms(median(a.delays) - median(d.delays))} |`,
    );
    console.log(
      `| relay delay per token, p99 | ${ms(quantile(d.delays, 0.99))} | ${ms(quantile(a.delays, 0.99))} | ${ms(quantile(a.delays, 0.99) - quantile(d.delays, 0.99))} |`,
    );
    console.log(
      `| tokens received per stream | ${d.tokens / SEQUENTIAL_RUNS} | ${a.tokens / SEQUENTIAL_RUNS} | |`,
    );

    console.log(
      `\nConcurrent streams (holds while the relay delay p99 through the app < ${P99_LIMIT_MS} ms)\n`,
    );
    console.log(
      "| streams | relay delay p99 direct | relay delay p99 app | gap p99 direct | gap p99 app | gap ratio | tokens/s via app | holds |",
    );
    console.log("|---|---|---|---|---|---|---|---|");
    let held = 0;
    for (const level of LEVELS) {
      const directStart = performance.now();
      const directLevel = summarize(await Promise.all(Array.from({ length: level }, () => direct())));
      const directSeconds = (performance.now() - directStart) / 1000;
      const appStart = performance.now();
      const appLevel = summarize(
        await Promise.all(Array.from({ length: level }, () => viaApp(token, characterId))),
      );
      const appSeconds = (performance.now() - appStart) / 1000;
      const p99 = quantile(appLevel.delays, 0.99);
      const holds = p99 < P99_LIMIT_MS && appLevel.tokens === level * TOKENS;
      if (holds) held = Math.max(held, level);
      const gapDirect = quantile(directLevel.gaps, 0.99);
      const gapApp = quantile(appLevel.gaps, 0.99);
      console.log(
        `| ${level} | ${ms(quantile(directLevel.delays, 0.99))} | ${ms(p99)} | ${ms(gapDirect)} | ${ms(gapApp)} | ${ratio(gapApp, gapDirect)} | ${Math.round(appLevel.tokens / appSeconds)} (direct ${Math.round(directLevel.tokens / directSeconds)}) | ${holds ? "yes" : "no"} |`,
      );
      if (!holds && level >= 500) break;
    }
    console.log(
      `\nLargest level held: ${held} concurrent streams with the relay delay p99 under ${P99_LIMIT_MS} ms.`,
    );
  } finally {
    app.kill("SIGTERM");
    await new Promise((resolve) => app.once("exit", resolve));
    agent.destroy();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
