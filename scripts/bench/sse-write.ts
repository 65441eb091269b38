/**
 * Event-stream writes with tokens coming one at a time, as a model streams them: the server's CPU a token
 * when each goes out through the response's own write (`res.write`: it corks the socket, queues the
 * chunk's length, text and line end as four buffers and uncorks a tick later) against the app's event
 * stream (`openSse`, chat/generation/sse.ts: after the first write, one socket write of a string framed
 * there). 100 streams on a Fastify server, each sending 200 tokens 10 ms apart; the clients run in a child
 * process, so the figure is the server's alone. The two ways alternate three times; medians reported.
 * Run with `npm run bench` or `npx tsx scripts/bench/sse-write.ts`.
 */
import { fork } from "node:child_process";
import { connect } from "node:net";
import type { GenerateEvent } from "@hearth/contracts";
import Fastify, { type FastifyReply } from "fastify";
import { openSse, sseFrame } from "../../apps/server/src/modules/chat/generation/sse";
import { median } from "./app-process";

const STREAMS = 100;
const TOKENS = 200;
const GAP_MS = 10;
const ROUNDS = 3;
const WAYS = ["response", "event-stream"] as const;
type Way = (typeof WAYS)[number];

const token = (index: number): GenerateEvent => ({ event: "token", data: { text: ` word${index}` } });

/** Client side (the forked child): opens the streams and reads each to its end. */
function runClients(port: number, way: Way): void {
  let ended = 0;
  for (let index = 0; index < STREAMS; index++) {
    const socket = connect(port, "127.0.0.1", () => {
      socket.setNoDelay(true);
      socket.write(`GET /${way} HTTP/1.1\r\nhost: localhost\r\n\r\n`);
    });
    let tail = "";
    socket.on("data", (bytes: Buffer) => {
      tail = (tail + bytes.toString("latin1")).slice(-5);
      if (tail !== "0\r\n\r\n") return;
      socket.destroy();
      ended += 1;
      if (ended === STREAMS) process.send?.("done", () => process.exit(0));
    });
  }
}

/** Sends the stream's tokens, each in its own timer turn, then ends it. */
function paced(send: (event: GenerateEvent) => void, end: () => void, onStart: () => void): void {
  let sent = 0;
  onStart();
  const timer = setInterval(() => {
    if (sent === TOKENS) {
      clearInterval(timer);
      end();
      return;
    }
    send(token(sent++));
  }, GAP_MS);
}

function viaResponse(reply: FastifyReply, onStart: () => void): void {
  reply.hijack();
  reply.raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
  });
  reply.raw.socket?.setNoDelay(true);
  paced(
    (event) => reply.raw.write(sseFrame(event)),
    () => reply.raw.end(),
    onStart,
  );
}

function viaEventStream(reply: FastifyReply, onStart: () => void): void {
  const sse = openSse(reply, 60_000);
  paced(
    (event) => sse.send(event),
    () => sse.end(),
    onStart,
  );
}

async function main(): Promise<void> {
  const [role, port, way] = process.argv.slice(2);
  if (role === "clients") return runClients(Number(port), way as Way);

  let started = 0;
  let cpuAtStart: NodeJS.CpuUsage | null = null;
  const onStart = () => {
    started += 1;
    if (started === STREAMS) cpuAtStart = process.cpuUsage();
  };
  const app = Fastify();
  app.get("/response", (_request, reply) => viaResponse(reply, onStart));
  app.get("/event-stream", (_request, reply) => viaEventStream(reply, onStart));
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");

  const perToken = new Map<Way, number[]>(WAYS.map((way) => [way, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const way of WAYS) {
      started = 0;
      cpuAtStart = null;
      const clients = fork(process.argv[1] ?? "", ["clients", String(address.port), way], {
        execArgv: process.execArgv,
      });
      await new Promise<void>((resolve) => clients.once("message", () => resolve()));
      if (cpuAtStart === null) throw new Error("the streams did not all start");
      const cpu = process.cpuUsage(cpuAtStart);
      perToken.get(way)?.push((cpu.user + cpu.system) / (STREAMS * TOKENS));
      await new Promise((resolve) => clients.once("exit", resolve));
    }
  }
  await app.close();

  const response = median(perToken.get("response") ?? []);
  const eventStream = median(perToken.get("event-stream") ?? []);
  console.log(
    `\nEvent-stream writes: ${STREAMS} streams, a token each ${GAP_MS} ms, ${TOKENS} tokens each (server CPU a token, median of ${ROUNDS})\n`,
  );
  console.log("| written through | CPU a token | each run |");
  console.log("|---|---|---|");
  for (const way of WAYS) {
    const runs = perToken.get(way) ?? [];
    const label = way === "response" ? "the response (`res.write`)" : "the app's event stream (`openSse`)";
    console.log(
      `| ${label} | ${median(runs).toFixed(1)} µs | ${runs.map((run) => run.toFixed(1)).join(", ")} µs |`,
    );
  }
  console.log(
    `\nThe event stream spends ${(eventStream / response).toFixed(2)}x the response's CPU a token.`,
  );
}

await main();
