import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJobQueue, type JobQueue } from "../src/modules/jobs/index";
import { startServer, type TestServer } from "./harness";

/**
 * Cron schedules: a running server fires them; the test servers (harness) keep them in the database but fire
 * none, since a slot of the wall clock passing mid-test once sent SubscribeStar's sweep while a test had made
 * SubscribeStar fail. Billing's sweep is due every minute, so a queue whose schedules are on sends its job
 * as soon as it starts.
 */

const DUE_EVERY_MINUTE = "billing-sweep";

let firing: TestServer;
let quiet: TestServer;
const queues: JobQueue[] = [];

beforeAll(async () => {
  [firing, quiet] = await Promise.all([startServer(), startServer()]);
}, 60_000);

afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await firing?.close();
  await quiet?.close();
});

/** A second queue on the server's database (no workers of its own), as another instance would run. */
async function startQueue(server: TestServer, options: { schedules?: boolean }): Promise<void> {
  const queue = createJobQueue(server.database, { error: () => {} }, options);
  queues.push(queue);
  await queue.start();
}

async function jobsNamed(server: TestServer, name: string): Promise<number> {
  const { rows } = await server.database.executeSql(
    "select count(*)::int as jobs from pgboss.job where name = $1",
    [name],
  );
  return (rows[0] as { jobs: number }).jobs;
}

async function storedSchedules(server: TestServer): Promise<string[]> {
  const { rows } = await server.database.executeSql("select name from pgboss.schedule order by name", []);
  return (rows as { name: string }[]).map((row) => row.name);
}

describe("cron schedules", () => {
  it("the test server keeps the app's schedules", async () => {
    expect(await storedSchedules(quiet)).toEqual(
      expect.arrayContaining([DUE_EVERY_MINUTE, "subscribestar-sweep", "leaderboard-close-month"]),
    );
    expect(await jobsNamed(quiet, DUE_EVERY_MINUTE)).toBe(0);
  });

  it("a queue with schedules on sends a due job; one with them off, started at the same time, does not", async () => {
    await Promise.all([startQueue(firing, {}), startQueue(quiet, { schedules: false })]);
    const deadline = Date.now() + 25_000;
    while ((await jobsNamed(firing, DUE_EVERY_MINUTE)) === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await jobsNamed(firing, DUE_EVERY_MINUTE)).toBeGreaterThan(0);
    expect(await jobsNamed(quiet, DUE_EVERY_MINUTE)).toBe(0);
    // pg-boss's cron monitor stamps each check here: neither the test server's nor the second queue's ran.
    const { rows } = await quiet.database.executeSql("select cron_on from pgboss.version", []);
    expect(rows).toEqual([{ cron_on: null }]);
  }, 40_000);
});
