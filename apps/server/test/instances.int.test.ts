import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ConversationDetail, QUEUE_RATE_LIMIT, type QueueAnswer } from "@hearth/contracts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createPostgresDatabase, type TestServer } from "./harness";
import { generate } from "./support/chat";
import { type FakeOpenAi, startFakeOpenAi } from "./support/fake-openai";
import { guestToken, signUp } from "./support/members";
import { freePort } from "./support/ports";
import { startRedis, type TestRedis } from "./support/redis";

/**
 * Several instances (README, Several instances): two real server processes on one PostgreSQL database
 * and one Redis, behind no load balancer: the test talks to each directly. PostgreSQL only (PGlite is
 * one process's database): it runs in the PostgreSQL pass of the integration tests.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const ROOT = join(import.meta.dirname, "../../..");

type Instance = { url: string; process: ChildProcess; exited: Promise<void> };

describe.skipIf(!adminUrl)("two server instances on one PostgreSQL and one Redis", () => {
  let redis: TestRedis;
  let fake: FakeOpenAi;
  let database: { url: string; drop(): Promise<void> };
  const dataDirs: string[] = [];
  let one: Instance;
  let two: Instance;
  let characterId = "";
  const asServer = (instance: Instance) => ({ url: instance.url }) as TestServer;

  async function startInstance(): Promise<Instance> {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), "hearth-instance-"));
    dataDirs.push(dataDir);
    const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        // Every instance signs and reads the same tokens.
        JWT_SECRET: "instances-test-jwt-secret-0123456789abcdef",
        ENCRYPTION_KEY: "instances-test-encryption-key-0123456789ab",
        LLM_BASE_URL: fake.url,
        LLM_MAX_CONCURRENCY: "1",
        MODEL_REF: "none",
        WEB_DIST: join(dataDir, "no-web"),
        AUTH_RATE_LIMIT_MAX: "1000",
        LOG_LEVEL: "error",
      },
    });
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ok = await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      if (child.exitCode !== null || Date.now() > deadline) throw new Error("the instance did not start");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return { url, process: child, exited };
  }

  async function stop(instance: Instance | undefined, signal: NodeJS.Signals = "SIGTERM") {
    if (!instance || instance.process.exitCode !== null || instance.process.signalCode !== null) return;
    instance.process.kill(signal);
    await instance.exited;
  }

  async function sql(statement: string, values: unknown[] = []) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(statement, values)).rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    redis = await startRedis();
    fake = await startFakeOpenAi();
    database = await createPostgresDatabase(adminUrl ?? "");
    // One after the other: the first migrates and seeds the database.
    one = await startInstance();
    two = await startInstance();
    const [character] = await sql("select id from characters where visibility = 'public' limit 1");
    characterId = String(character?.id ?? "");
  }, 120_000);

  afterAll(async () => {
    await stop(one);
    await stop(two);
    await fake?.close();
    await redis?.stop();
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it("agree on the waiting room's line and share the rate limits", async () => {
    expect(characterId).not.toBe("");
    const queue = async (instance: Instance, token: string) =>
      (await call<QueueAnswer>(asServer(instance), "/api/queue", { token })).body;
    // One reply fills the only slot.
    Object.assign(fake.options, { delayMs: 50, tokens: 40 });
    const busy = await guestToken(asServer(one));
    const guests = await Promise.all([1, 2, 3].map(() => guestToken(asServer(one))));
    const positions: number[][] = [];
    await generate(
      asServer(one),
      busy,
      { character_id: characterId, message: "fill the slot" },
      {
        onStart: async () => {
          const [a = "", b = "", c = ""] = guests;
          const joined = [
            (await queue(one, a)).position,
            (await queue(two, b)).position,
            (await queue(one, c)).position,
          ];
          const again = [
            (await queue(two, a)).position,
            (await queue(one, b)).position,
            (await queue(two, c)).position,
          ];
          positions.push(joined, again);
        },
      },
    );
    expect(positions).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);

    const polls = await guestToken(asServer(one));
    const statuses: number[] = [];
    for (let i = 0; i < QUEUE_RATE_LIMIT.max + 1; i++) {
      const instance = i % 2 ? one : two;
      statuses.push((await call(asServer(instance), "/api/queue", { token: polls })).status);
    }
    expect(statuses.slice(0, QUEUE_RATE_LIMIT.max).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("both see a member's change at once, whichever writer made it (the member cache)", async () => {
    const member = await signUp(asServer(one));
    const me = (instance: Instance) => call(asServer(instance), "/api/me", { token: member.token });
    // Each instance reads and keeps the member's row.
    expect([(await me(one)).status, (await me(two)).status]).toEqual([200, 200]);
    expect([(await me(one)).status, (await me(two)).status]).toEqual([200, 200]);
    // An operator disables the account in SQL: the database announces it to both at commit.
    await sql("update users set disabled_at = now() where id = $1", [member.user.id]);
    for (const instance of [one, two]) {
      await expect.poll(async () => (await me(instance)).status, { timeout: 1000 }).toBe(401);
    }
  });

  it("resumes on one instance a reply started on the other, without gaps or repeats", async () => {
    const member = await signUp(asServer(one));
    await sql("update users set role = 'minimal' where id = $1", [member.user.id]);
    Object.assign(fake.options, { delayMs: 20, tokens: 30 });
    const cut = await generate(
      asServer(one),
      member.token,
      { character_id: characterId, message: "a story across instances" },
      { disconnectAfterTokens: 4 },
    );
    const lastEventId = cut.events.at(-1)?.id ?? 0;
    const rest = await generate(
      asServer(two),
      member.token,
      {},
      { resume: { streamId: cut.start?.stream_id ?? "", lastEventId } },
    );
    expect(rest.events.map((event) => event.id)).toEqual(
      rest.events.map((_, index) => lastEventId + index + 1),
    );
    expect(cut.tokens.length + rest.tokens.length).toBe(30);
    expect(rest.done?.message?.content).toBe([...cut.tokens, ...rest.tokens].join(""));
  });

  it("continues a guest's conversation on the other instance (guests' chats are in Redis)", async () => {
    Object.assign(fake.options, { delayMs: 0, tokens: null });
    const guest = await guestToken(asServer(one));
    const first = await generate(asServer(one), guest, {
      character_id: characterId,
      message: "hello from one",
    });
    const conversationId = first.done?.conversation_id ?? "";
    expect(conversationId).not.toBe("");
    const detail = await call<ConversationDetail>(asServer(two), `/api/conversations/${conversationId}`, {
      token: guest,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.messages.slice(-2).map((message) => [message.role, message.content])).toEqual([
      ["user", "hello from one"],
      ["bot", first.done?.message?.content],
    ]);
    const inConversation = { character_id: characterId, conversation_id: conversationId };
    const second = await generate(asServer(two), guest, { ...inConversation, message: "and from two" });
    expect(second.done?.conversation_id).toBe(conversationId);
    const regenerated = await generate(asServer(one), guest, { ...inConversation, regenerate: true });
    expect(regenerated.done?.message?.id).toBe(second.done?.message?.id);
    const after = await call<ConversationDetail>(asServer(one), `/api/conversations/${conversationId}`, {
      token: guest,
    });
    expect(after.body.messages.slice(-4).map((message) => message.content)).toEqual([
      "hello from one",
      first.done?.message?.content,
      "and from two",
      regenerated.done?.message?.content,
    ]);
    expect(after.body.messages.at(-1)?.alternates).toHaveLength(2);
  });

  it("loses no committed message when an instance is killed mid-reply", async () => {
    const member = await signUp(asServer(two));
    await sql("update users set role = 'minimal' where id = $1", [member.user.id]);
    Object.assign(fake.options, { delayMs: 100, tokens: 200 });
    // The connection breaks with the instance: the helper's read fails, as a browser's would.
    await generate(
      asServer(one),
      member.token,
      { character_id: characterId, message: "remember this line" },
      {
        onStart: async () => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          await stop(one, "SIGKILL");
        },
      },
    ).catch(() => null);
    const [conversation] = await sql("select id from conversations where user_id = $1", [member.user.id]);
    const conversationId = String(conversation?.id ?? "");
    expect(conversationId).not.toBe("");
    const detail = await call<{ messages: { role: string; content: string }[] }>(
      asServer(two),
      `/api/conversations/${conversationId}`,
      { token: member.token },
    );
    expect(detail.status).toBe(200);
    expect(detail.body.messages.map((message) => [message.role, message.content])).toContainEqual([
      "user",
      "remember this line",
    ]);
  });
});
