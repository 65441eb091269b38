import { connect } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertCharacter } from "./characters-fixtures";
import { call, startServer, type TestServer } from "./harness";
import { generate } from "./support/chat";
import { type FakeOpenAi, startFakeOpenAi } from "./support/fake-openai";
import { guestToken, signUp } from "./support/members";

/**
 * REQUEST_TIMEOUT_S=1: a request must arrive whole within a second, and a connection idle for two seconds
 * while it is answered is closed, except the chat's event stream.
 */
let fake: FakeOpenAi;
let server: TestServer;
let characterId: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startServer({
    REQUEST_TIMEOUT_S: "1",
    LLM_BASE_URL: fake.url,
    MODEL_REF: "none",
    AUTH_RATE_LIMIT_MAX: "1000",
    GENERATE_RATE_LIMIT_MAX: "1000",
  });
  const creator = await signUp(server);
  characterId = (await insertCharacter(server, { creatorUserId: creator.user.id, name: "Mara" })).id;
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

beforeEach(() => {
  Object.assign(fake.options, { mode: "ok", delayMs: 0, tokens: null, failures: null });
});

type RawExchange = { response: string; closedAfterMs: number };

/**
 * Opens a raw connection, writes `head`, then `trickle` one byte every `everyMs` until the server closes
 * the connection (or `giveUpMs` passes: then the connection is still open and `closedAfterMs` is null).
 */
function rawRequest(
  head: string,
  options: { trickle?: string; everyMs?: number; giveUpMs: number },
): Promise<RawExchange | null> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1");
    const started = Date.now();
    let response = "";
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      resolve(null);
    }, options.giveUpMs);
    socket.on("connect", () => {
      socket.write(head);
      const bytes = [...(options.trickle ?? "")];
      if (bytes.length > 0) {
        timer = setInterval(() => {
          const next = bytes.shift();
          if (next === undefined || socket.destroyed) clearInterval(timer);
          else socket.write(next);
        }, options.everyMs ?? 200);
      }
    });
    socket.on("data", (chunk) => {
      response += chunk.toString("latin1");
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(giveUp);
      clearInterval(timer);
      resolve({ response, closedAfterMs: Date.now() - started });
    });
    socket.on("timeout", () => reject(new Error("socket timeout")));
  });
}

const POST_HEAD = (length: number) =>
  "POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
  `Content-Length: ${length}\r\n\r\n`;

describe("request and connection timeouts", () => {
  it("answers 408 and closes a connection whose body trickles in past the request timeout", async () => {
    const body = JSON.stringify({ email: "slow@example.test", password: "correct horse battery" });
    // One byte every 150 ms: the body would take over 10 s.
    const exchange = await rawRequest(POST_HEAD(body.length) + body.slice(0, 5), {
      trickle: body.slice(5),
      everyMs: 150,
      giveUpMs: 6_000,
    });
    expect(exchange, "the connection was still open after 6 s").not.toBeNull();
    expect(exchange?.closedAfterMs).toBeLessThan(4_000);
    expect(exchange?.response).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("closes a connection that stops sending its body, and one that never finishes its headers", async () => {
    const stalledBody = await rawRequest(`${POST_HEAD(200)}{"email":`, { giveUpMs: 6_000 });
    expect(stalledBody, "the connection was still open after 6 s").not.toBeNull();
    expect(stalledBody?.closedAfterMs).toBeLessThan(4_000);
    expect(stalledBody?.response).toMatch(/^HTTP\/1\.1 408 /);

    const stalledHeaders = await rawRequest("GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ", {
      trickle: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      everyMs: 150,
      giveUpMs: 6_000,
    });
    expect(stalledHeaders, "the connection was still open after 6 s").not.toBeNull();
    expect(stalledHeaders?.closedAfterMs).toBeLessThan(4_000);
  });

  it("still answers normal requests, including a body sent at once", async () => {
    expect((await call(server, "/api/health")).status).toBe(200);
    const login = await call(server, "/api/auth/login", {
      body: { email: "nobody@example.test", password: "correct horse battery" },
    });
    expect(login.status).toBe(401);
    // A whole request on a raw connection gets its answer, not a 408.
    const body = JSON.stringify({ email: "nobody@example.test", password: "correct horse battery" });
    const exchange = await rawRequest(
      `${POST_HEAD(body.length).replace("Host: localhost", "Host: localhost\r\nConnection: close")}${body}`,
      { giveUpMs: 6_000 },
    );
    expect(exchange?.response).toMatch(/^HTTP\/1\.1 401 /);
  });

  it("keeps a chat's event stream open while the model is silent longer than the idle timeout", async () => {
    const token = await guestToken(server);
    // Each token comes after 2.6 s of silence; the idle timeout is 2 s.
    Object.assign(fake.options, { delayMs: 2_600, tokens: 2 });
    const result = await generate(server, token, { character_id: characterId, message: "are you there" });
    expect(result.status).toBe(200);
    expect(result.error).toBeNull();
    expect(result.tokens).toHaveLength(2);
    expect(result.done, JSON.stringify(result.events)).not.toBeNull();
  });
});
