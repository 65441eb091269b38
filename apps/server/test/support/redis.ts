import { type ChildProcess, spawn } from "node:child_process";
import { Redis } from "ioredis";
import { freePort } from "./ports";

export type TestRedis = { url: string; pid: number; stop(): Promise<void> };

/**
 * Starts Debian's redis-server on a free port, in memory only (no snapshots, no append-only file), and
 * stops it by its PID. scripts/test.sh installs the package.
 */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    "redis-server",
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--loglevel",
      "warning",
    ],
    { stdio: "ignore" },
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error("redis-server did not start (is it installed?)");
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on("error", () => {});
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      break;
    } catch {
      probe.disconnect();
      if (Date.now() > deadline) throw new Error("redis-server did not answer within 10 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    pid,
    async stop() {
      process.kill(pid, "SIGTERM");
      await exited;
    },
  };
}
