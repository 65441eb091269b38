/**
 * Waiting-room benchmark: `GET /api/queue` at QUEUE_RATE polls per second for QUEUE_SECONDS, open loop
 * (sent on schedule whatever the answers' pace), from QUEUE_GUESTS guest sessions each polling once a
 * second, while the line is real: the engine's only slot (LLM_MAX_CONCURRENCY=1) is held by a long reply,
 * so every poller is waiting in line and each poll reads and renews its place. Runs the in-process store,
 * then the Redis one (Debian's redis-server, started and stopped here). Reports latency quantiles. The polls
 * go out through poll-client.ts (bytes over keep-alive sockets), so the client leaves the cores to the app.
 * Run with `npm run bench` (after a build) or `npx tsx scripts/bench/queue.ts`.
 */
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { startFakeOpenAi } from "../../apps/server/test/support/fake-openai";
import { startRedis } from "../../apps/server/test/support/redis";
import { type AppProcess, median, ms, quantile, startApp } from "./app-process";
import { pollClient } from "./poll-client";

const PORT = Number(process.env.QUEUE_BENCH_PORT ?? 3392);
const QUEUE_RATE = 2000;
const QUEUE_SECONDS = 5;
const QUEUE_GUESTS = QUEUE_RATE;
const P99_TARGET_MS = 20;

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

function get(url: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

async function newGuest(app: AppProcess): Promise<string> {
  const response = await fetch(`${app.url}/api/auth/guest`, { method: "POST" });
  const { access_token: token } = (await response.json()) as { access_token: string };
  return token;
}

/** Holds the engine's only slot with a long reply (a guest with access), so the pollers wait in line. */
async function holdTheSlot(app: AppProcess, characterId: string): Promise<void> {
  const token = await newGuest(app);
  await get(`${app.url}/api/queue?character_id=${characterId}&shared_link=false`, token);
  await new Promise<void>((resolve, reject) => {
    const req = request(
      `${app.url}/api/generate`,
      {
        method: "POST",
        agent,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`holding the slot answered ${res.statusCode}`));
        // Streaming: the slot is held from here until the reply ends (after the run).
        res.once("data", () => resolve());
        res.resume();
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify({ type: "text", character_id: characterId, message: "hold" }));
  });
}

/** A process's CPU time in µs from /proc (user + system; clock ticks of 10 ms), for redis-server's share. */
function processCpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function run(label: string, env: Record<string, string>, redisPid: number | null): Promise<void> {
  const fake = await startFakeOpenAi({ delayMs: 50, tokens: 1000 });
  const app = await startApp(PORT, {
    LLM_BASE_URL: fake.url,
    LLM_MODEL: "fake-model",
    LLM_MAX_CONCURRENCY: "1",
    MODEL_REF: "none",
    AUTH_RATE_LIMIT_MAX: "1000000",
    ADMIN_PASSWORD: "bench-password",
    ...env,
  });
  try {
    const characters = (await (await fetch(`${app.url}/api/characters`)).json()) as {
      data: { id: string }[];
    };
    const characterId = characters.data[0]?.id;
    if (!characterId) throw new Error("no demo character");
    await holdTheSlot(app, characterId);
    const tokens: string[] = [];
    while (tokens.length < QUEUE_GUESTS) {
      tokens.push(...(await Promise.all(Array.from({ length: 50 }, () => newGuest(app)))));
    }
    const path = `/api/queue?character_id=${characterId}&shared_link=false`;
    const polls = pollClient(PORT, 256);
    // Everyone joins the line once, then the measured run.
    for (let i = 0; i < tokens.length; i += 100) {
      await Promise.all(tokens.slice(i, i + 100).map((token) => polls.get(path, token)));
    }
    const latencies: number[] = [];
    const statuses = new Map<string, number>();
    const pending: Promise<void>[] = [];
    const total = QUEUE_RATE * QUEUE_SECONDS;
    await app.profile(true);
    const clientLag = monitorEventLoopDelay({ resolution: 1 });
    clientLag.enable();
    const cpuBefore = await app.cpuMicros();
    const clientBefore = process.cpuUsage();
    const redisBefore = redisPid === null ? 0 : processCpuMicros(redisPid);
    const started = performance.now();
    let sent = 0;
    while (sent < total) {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * QUEUE_RATE));
      for (; sent < due; sent++) {
        const token = tokens[sent % tokens.length] ?? "";
        const at = performance.now();
        pending.push(
          polls.get(path, token).then(({ status, body }) => {
            latencies.push(performance.now() - at);
            const key = status === 200 ? (JSON.parse(body) as { status: string }).status : String(status);
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
          }),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(pending);
    polls.close();
    clientLag.disable();
    if (process.env.QUEUE_BENCH_CLIENT_LAG)
      console.log(
        `client event loop delay: p99 ${ms(clientLag.percentile(99) / 1e6)}, max ${ms(clientLag.max / 1e6)}`,
      );
    const seconds = (performance.now() - started) / 1000;
    const cpuPerPoll = ((await app.cpuMicros()) - cpuBefore) / latencies.length;
    const client = process.cpuUsage(clientBefore);
    const clientPerPoll = (client.user + client.system) / latencies.length;
    const redisPerPoll =
      redisPid === null ? null : (processCpuMicros(redisPid) - redisBefore) / latencies.length;
    await app.profile(false);
    const p99 = quantile(latencies, 0.99);
    console.log(
      `| ${label} | ${Math.round(latencies.length / seconds)} | ${ms(median(latencies))} | ${ms(p99)} | ${ms(Math.max(...latencies))} | ${cpuPerPoll.toFixed(0)} µs | ${redisPerPoll === null ? "-" : `${redisPerPoll.toFixed(0)} µs`} | ${clientPerPoll.toFixed(0)} µs | ${[...statuses].map(([status, count]) => `${status} ${count}`).join(", ")} | ${p99 < P99_TARGET_MS ? "yes" : "no"} |`,
    );
  } finally {
    await app.stop();
    await fake.close();
  }
}

async function main(): Promise<void> {
  console.log(
    `\nWaiting room: GET /api/queue at ${QUEUE_RATE} polls/s for ${QUEUE_SECONDS} s from ${QUEUE_GUESTS} guests in line\n`,
  );
  console.log(
    "| store | polls/s answered | median | p99 | max | app CPU per poll | redis-server CPU per poll | bench client CPU per poll | answers | p99 < 20 ms |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  // QUEUE_BENCH_ONLY=redis: the Redis store alone (to trace or profile it).
  if (process.env.QUEUE_BENCH_ONLY !== "redis") await run("in process", {}, null);
  const redis = await startRedis();
  try {
    await run("Redis", { REDIS_URL: redis.url }, redis.pid);
  } finally {
    await redis.stop();
  }
  agent.destroy();
}

await main();
