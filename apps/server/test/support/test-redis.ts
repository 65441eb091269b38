import { Redis } from "ioredis";
import { afterAll, beforeAll } from "vitest";
import { startRedis, type TestRedis } from "./redis";

/** A redis-server for one test file: started before its tests, stopped after them, with a client on it. */
export function useTestRedis(): { readonly client: Redis; readonly url: string } {
  let server: TestRedis | null = null;
  let client: Redis | null = null;
  beforeAll(async () => {
    server = await startRedis();
    client = new Redis(server.url);
  });
  afterAll(async () => {
    await client?.quit();
    await server?.stop();
  });
  const started = <T>(value: T | null): T => {
    if (value === null) throw new Error("the test redis-server is not started yet");
    return value;
  };
  return {
    get client() {
      return started(client);
    },
    get url() {
      return started(server).url;
    },
  };
}
