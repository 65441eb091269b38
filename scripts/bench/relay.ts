/**
 * Token relay benchmark: the fake OpenAI-compatible upstream (64 tokens, 10 ms apart) runs in this process;
 * the built app runs as its own process pointed at it. In one run it measures, straight from the upstream
 * and through the app (POST /api/generate as a signed-in member):
 * - time to first token (request sent -> first token received), and of it the part until the request
 *   reaches the upstream (the relay's own work before it asks);
 * - relay delay per token: when the client received token i minus when the upstream wrote it (same
 *   process, same clock), so the figure through the app minus the direct one is what the app adds;
 * - concurrency: streams started at once (50, 100, 200, 500, then 1000 when 500 held) with the relay
 *   delay's p99, the inter-token gap p99 against the direct gap p99, and tokens relayed per second; the
 *   app holds a level when its p99 relay delay stays under 50 ms and no token is lost. Every level up to
 *   500 runs even when a smaller one fails, so the table shows the whole curve; and the app's CPU time
 *   per relayed token at each level, beside the bare relay process's at the same level;
 * - CPU per relayed token over a saturating run: the upstream writes its 64 tokens at once, and
 *   SATURATION_CLIENTS clients each start a new reply as soon as theirs ended, for SATURATION_SECONDS;
 *   the app's own process.cpuUsage() (read over IPC, cpu-probe.mjs) over the run divided by the tokens
 *   the clients received: requests, authentication, reads, the writes and the relay all included.
 * Run with `npm run bench` (after a build) or `npx tsx scripts/bench/relay.ts`.
 */
import { fork } from "node:child_process";
import { ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import { startFakeOpenAi } from "../../apps/server/test/support/fake-openai";
import { type AppProcess, cpuMicrosOf, median, ms, quantile, startApp } from "./app-process";
import { type StreamTiming, streamClient } from "./stream-client";

const PORT = Number(process.env.RELAY_BENCH_PORT ?? 3391);
const FLOOR_PORT = PORT + 1;
const APP = `http://127.0.0.1:${PORT}`;
const SATURATION_CLIENTS = 32;
const SATURATION_SECONDS = 5;
/** Through the app right before its saturating window (see saturation()). */
const PRE_RUN_SECONDS = 5;
const TOKENS = Number(process.env.RELAY_BENCH_TOKENS ?? 64);
const DELAY_MS = 10;
const SEQUENTIAL_RUNS = 20;
// V8 still optimizes about 165 functions in a 5 s window after 3 s of warm-up (--trace-opt), 12 after 15 s.
const WARM_UP_SECONDS = Number(process.env.RELAY_BENCH_WARM_UP ?? 15);
const LEVELS = (process.env.RELAY_BENCH_LEVELS ?? "50,100,200,500,1000").split(",").map(Number);
const P99_LIMIT_MS = 50;

// Upstream write times per stream, keyed by the unique message each stream sends (echoed in its body), and
// when the request reached the upstream (its first write, the role chunk, goes out as the request is read).
const upstreamWrites = new Map<string, number[]>();
const upstreamReached = new Map<string, number>();
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
        upstreamReached.set(key, now);
      } else {
        upstreamWrites.get(key)?.push(now);
      }
    }
    return write.apply(this, args);
  } as typeof write;
}

const client = streamClient();

let streamCounter = 0;
const DIRECT_TOKEN = /"delta":\{"content":"[^"]/g;
const APP_TOKEN = /event: token\n/g;

/** A completion request in the upstream's own protocol, to `base` (the fake itself, or the bare relay). */
async function completion(base: string): Promise<StreamTiming> {
  const key = `bench-${++streamCounter}`;
  const url = new URL(`${base}/chat/completions`);
  const timing = await client.post(
    Number(url.port),
    url.pathname,
    {},
    { model: "fake-model", stream: true, max_tokens: 300, messages: [{ role: "user", content: key }] },
    DIRECT_TOKEN,
  );
  return withUpstreamTimes(timing, key);
}

function withUpstreamTimes(timing: StreamTiming, key: string): StreamTiming {
  timing.upstream = upstreamWrites.get(key) ?? [];
  timing.reachedUpstream = upstreamReached.get(key) ?? null;
  upstreamWrites.delete(key);
  upstreamReached.delete(key);
  return timing;
}

const direct = () => completion(fake.url);
/** Through bare-relay.mjs, a process that only pipes the stream: the floor of any relay process here. */
const viaFloor = () => completion(`http://127.0.0.1:${FLOOR_PORT}/v1`);

async function viaApp(token: string, characterId: string): Promise<StreamTiming> {
  const key = `bench-${++streamCounter}`;
  const timing = await client.post(
    PORT,
    "/api/generate",
    { authorization: `Bearer ${token}` },
    { type: "text", character_id: characterId, message: key },
    APP_TOKEN,
  );
  return withUpstreamTimes(timing, key);
}

function summarize(timings: StreamTiming[]) {
  const ttft: number[] = [];
  const delays: number[] = [];
  const gaps: number[] = [];
  const reach: number[] = [];
  let tokens = 0;
  for (const t of timings) {
    const first = t.arrivals[0];
    if (first !== undefined) ttft.push(first - t.sentAt);
    if (t.reachedUpstream !== null) reach.push(t.reachedUpstream - t.sentAt);
    // The upstream's last write is the finish chunk / [DONE]; content chunks come first, in order.
    t.arrivals.forEach((arrival, i) => {
      const written = t.upstream[i];
      if (written !== undefined) delays.push(arrival - written);
      const previous = t.arrivals[i - 1];
      if (previous !== undefined) gaps.push(arrival - previous);
    });
    tokens += t.arrivals.length;
  }
  return { ttft, delays, gaps, reach, tokens };
}

const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : "-");

async function main(): Promise<void> {
  const app = await startApp(PORT, {
    // PostgreSQL as in production (bench.sh starts a throwaway one); embedded PGlite otherwise.
    ...(process.env.RELAY_DATABASE_URL ? { DATABASE_URL: process.env.RELAY_DATABASE_URL } : {}),
    LLM_BASE_URL: fake.url,
    LLM_MODEL: "fake-model",
    LLM_MAX_CONCURRENCY: "4000",
    MODEL_REF: "none",
    GENERATE_RATE_LIMIT_MAX: "1000000",
    ADMIN_EMAIL: "bench@hearth.local",
    ADMIN_PASSWORD: "bench-password",
  });
  // The bare relay answers for its CPU time the way the app does (cpu-probe.mjs).
  const floor = fork("scripts/bench/bare-relay.mjs", [String(FLOOR_PORT), new URL(fake.url).origin], {
    execArgv: ["--import", "./scripts/bench/cpu-probe.mjs"],
  });
  await new Promise((resolve) => floor.once("message", resolve));
  try {
    await relay(app, () => cpuMicrosOf(floor));
  } finally {
    floor.kill();
    await app.stop();
    client.close();
    await fake.close();
  }
}

/** What each part of the bench drives: the app, the bare relay's CPU time, and the member and character. */
type Bench = { app: AppProcess; floorCpu: () => Promise<number>; token: string; characterId: string };

async function relay(app: AppProcess, floorCpu: () => Promise<number>): Promise<void> {
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

  // Warm-up, so every figure is the steady state a running server has (JIT-compiled code, connection
  // pools, caches): a few seconds of replies written at once, then a few at the measured pace.
  const delayMs = fake.options.delayMs;
  fake.options.delayMs = 0;
  await saturate(() => viaApp(token, characterId), WARM_UP_SECONDS);
  await saturate(direct, WARM_UP_SECONDS);
  fake.options.delayMs = delayMs;
  for (let i = 0; i < 5; i++) await Promise.all([direct(), viaFloor(), viaApp(token, characterId)]);

  // RELAY_BENCH_ONLY=saturation: just the saturating run; =levels: just the concurrency levels (each
  // level's app part is a profiling window of its own).
  const bench: Bench = { app, floorCpu, token, characterId };
  const only = process.env.RELAY_BENCH_ONLY;
  if (only === "saturation") return saturation(bench);
  if (only !== "levels") await sequentialAndSaturation(bench);
  await levels(bench);
}

async function sequentialAndSaturation(bench: Bench): Promise<void> {
  const { token, characterId } = bench;
  // One stream at a time, alternating direct and through the app.
  const directRuns: StreamTiming[] = [];
  const floorRuns: StreamTiming[] = [];
  const appRuns: StreamTiming[] = [];
  for (let i = 0; i < SEQUENTIAL_RUNS; i++) {
    directRuns.push(await direct());
    floorRuns.push(await viaFloor());
    appRuns.push(await viaApp(token, characterId));
  }
  const d = summarize(directRuns);
  const f = summarize(floorRuns);
  const a = summarize(appRuns);
  console.log(
    `\nRelay, one stream at a time (${SEQUENTIAL_RUNS} streams each, ${TOKENS} tokens ${DELAY_MS} ms apart)\n`,
  );
  // The floor: a process that only pipes the stream (bare-relay.mjs). Every extra process in the path costs
  // its wake-ups on this machine; "added beyond the floor" is what the app's own work adds.
  const row = (label: string, pick: (t: ReturnType<typeof summarize>) => number, target: string) =>
    console.log(
      `| ${label} | ${ms(pick(d))} | ${ms(pick(f))} | ${ms(pick(a))} | ${ms(pick(a) - pick(d))} | ${ms(pick(a) - pick(f))} | ${target} |`,
    );
  console.log(
    "| figure | straight from upstream | through a bare relay process | through the app | added by the app | added beyond the bare relay | target (added) |",
  );
  console.log("|---|---|---|---|---|---|---|");
  row("time to first token, median", (t) => median(t.ttft), "< 1 ms");
  // Of the first token's time: until the request reaches the upstream (the relay's work before it asks).
  row("request sent to request at the upstream, median", (t) => median(t.reach), "");
  row("relay delay per token, median", (t) => median(t.delays), "< 0.1 ms");
  row("relay delay per token, p99", (t) => quantile(t.delays, 0.99), "");
  console.log(
    `| tokens received per stream | ${d.tokens / SEQUENTIAL_RUNS} | ${f.tokens / SEQUENTIAL_RUNS} | ${a.tokens / SEQUENTIAL_RUNS} | | | |`,
  );

  await saturation(bench);
}

async function levels({ app, floorCpu, token, characterId }: Bench): Promise<void> {
  console.log(
    `\nConcurrent streams (holds while the relay delay p99 through the app < ${P99_LIMIT_MS} ms)\n`,
  );
  console.log(
    "| streams | relay delay p99 direct | relay delay p99 app | gap p99 direct | gap p99 app | gap ratio | tokens/s via app | app CPU per token | bare relay CPU per token | holds |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  let held = 0;
  for (const level of LEVELS) {
    const directStart = performance.now();
    const directLevel = summarize(await Promise.all(Array.from({ length: level }, () => direct())));
    const directSeconds = (performance.now() - directStart) / 1000;
    // The bare relay process at the same level: what any relay process pays per token read and written.
    const floorBefore = await floorCpu();
    const floorLevel = summarize(await Promise.all(Array.from({ length: level }, () => viaFloor())));
    const floorPerToken = ((await floorCpu()) - floorBefore) / floorLevel.tokens;
    await app.profile(true);
    const cpuBefore = await app.cpuMicros();
    const appStart = performance.now();
    const appLevel = summarize(
      await Promise.all(Array.from({ length: level }, () => viaApp(token, characterId))),
    );
    const appSeconds = (performance.now() - appStart) / 1000;
    const cpuUsed = (await app.cpuMicros()) - cpuBefore;
    await app.profile(false);
    const p99 = quantile(appLevel.delays, 0.99);
    const holds = p99 < P99_LIMIT_MS && appLevel.tokens === level * TOKENS;
    if (holds) held = Math.max(held, level);
    const gapDirect = quantile(directLevel.gaps, 0.99);
    const gapApp = quantile(appLevel.gaps, 0.99);
    console.log(
      `| ${level} | ${ms(quantile(directLevel.delays, 0.99))} | ${ms(p99)} | ${ms(gapDirect)} | ${ms(gapApp)} | ${ratio(gapApp, gapDirect)} | ${Math.round(appLevel.tokens / appSeconds)} (direct ${Math.round(directLevel.tokens / directSeconds)}) | ${micros(cpuUsed / appLevel.tokens)} | ${micros(floorPerToken)} | ${holds ? "yes" : "no"} |`,
    );
    if (!holds && level >= 500) break;
  }
  console.log(
    `\nLargest level held: ${held} concurrent streams with the relay delay p99 under ${P99_LIMIT_MS} ms.`,
  );
}

const micros = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} µs` : "-");

/** SATURATION_CLIENTS clients each start a new reply as soon as theirs ended, for `seconds`. */
async function saturate(run: () => Promise<StreamTiming>, seconds: number) {
  const until = performance.now() + seconds * 1000;
  let tokens = 0;
  let replies = 0;
  await Promise.all(
    Array.from({ length: SATURATION_CLIENTS }, async () => {
      while (performance.now() < until) {
        const timing = await run();
        tokens += timing.arrivals.length;
        replies += 1;
      }
    }),
  );
  return { tokens, replies };
}

/**
 * CPU per relayed token over a saturating run: the upstream writes every token at once, and each client
 * starts its next reply as soon as the last one ended. Direct first, the same way, for the ratio.
 */
async function saturation({ app, floorCpu, token, characterId }: Bench): Promise<void> {
  const delayMs = fake.options.delayMs;
  fake.options.delayMs = 0;
  try {
    const loop = (run: () => Promise<StreamTiming>) => saturate(run, SATURATION_SECONDS);
    const straight = await loop(direct);
    const floorBefore = await floorCpu();
    const floorStarted = performance.now();
    const piped = await loop(viaFloor);
    const floorSeconds = (performance.now() - floorStarted) / 1000;
    const floorUsed = (await floorCpu()) - floorBefore;
    // The app sat idle while the straight and bare-relay runs went: it runs the same load again first, so
    // the window is a busy server's. After 30 s of idling V8 re-optimizes its hot code and the heap grows
    // back inside the window (22 µs a token against 14 to 15 µs with this, measured alternately).
    await saturate(() => viaApp(token, characterId), PRE_RUN_SECONDS);
    await app.profile(true);
    const cpuBefore = await app.cpuMicros();
    const started = performance.now();
    const relayed = await loop(() => viaApp(token, characterId));
    const seconds = (performance.now() - started) / 1000;
    const cpu = (await app.cpuMicros()) - cpuBefore;
    await app.profile(false);
    if (relayed.tokens !== relayed.replies * TOKENS)
      throw new Error(
        `tokens were lost in the saturating run: ${relayed.tokens} of ${relayed.replies * TOKENS}`,
      );
    console.log(
      `\nSaturating run: ${SATURATION_CLIENTS} clients for ${SATURATION_SECONDS} s, ${TOKENS}-token replies written at once\n`,
    );
    // The bare relay process (node:http in and out, bytes piped unparsed) the same way: the floor.
    console.log("| figure | through the app | through a bare relay process | target (app) |");
    console.log("|---|---|---|---|");
    console.log(
      `| replies (new conversation each) | ${relayed.replies} (straight: ${straight.replies}) | ${piped.replies} | |`,
    );
    console.log(
      `| tokens relayed per second | ${Math.round(relayed.tokens / seconds)} | ${Math.round(piped.tokens / floorSeconds)} | |`,
    );
    console.log(
      `| CPU per relayed token, requests included | ${micros(cpu / relayed.tokens)} | ${micros(floorUsed / piped.tokens)} | < 10 µs |`,
    );
    console.log(
      `| CPU per reply | ${micros(cpu / relayed.replies)} | ${micros(floorUsed / piped.replies)} | |`,
    );
    console.log(
      `| CPU busy | ${((cpu / 1e6 / seconds) * 100).toFixed(0)}% of one core | ${((floorUsed / 1e6 / floorSeconds) * 100).toFixed(0)}% | |`,
    );
  } finally {
    fake.options.delayMs = delayMs;
  }
}

await main();
