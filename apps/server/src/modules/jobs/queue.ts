import PgBoss from "pg-boss";
import type { DatabaseHandle } from "../../db/client";

/** Where pg-boss keeps its tables (its own schema, created and migrated by pg-boss at start). */
const SCHEMA = "pgboss";

export type JobLogger = { error(object: object, message: string): void };

export type QueueOptions = {
  /**
   * `stately`: at most one job per singleton key waiting and one running (a subscription's job);
   * `singleton`: one running at a time (a sweep); `standard`: no limit.
   */
  policy?: "standard" | "stately" | "singleton";
  retryLimit?: number;
  retryDelaySeconds?: number;
};

export type JobHandler<T> = (data: T) => Promise<void>;

/**
 * Durable jobs on the project's own database (PGlite or PostgreSQL) through pg-boss: jobs are rows, taken
 * with `FOR UPDATE SKIP LOCKED`, so each runs once even with several server instances; schedules (cron)
 * are kept in the database too and fire once per slot across instances. Queues and workers are declared
 * before `start`. Later features (leaderboard prizes, training, automatic memory) declare their own.
 */
export type JobQueue = {
  define<T extends object>(name: string, options: QueueOptions, handler: JobHandler<T>): void;
  /** A cron schedule (UTC) that sends `name` a job with no data. */
  schedule(name: string, cron: string): void;
  send(name: string, data: object, options?: { singletonKey?: string }): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Waits until no job of these queues is waiting or running (tests, after moving their clock). */
  settle(names: readonly string[], timeoutMs?: number): Promise<void>;
};

type Definition = { name: string; options: QueueOptions; handler: JobHandler<object> };

export function createJobQueue(
  database: Pick<DatabaseHandle, "executeSql">,
  logger: JobLogger,
  options: {
    pollingIntervalSeconds?: number;
    /** false: schedules are stored but never fire (tests, which move their own clock). */
    schedules?: boolean;
  } = {},
): JobQueue {
  const definitions: Definition[] = [];
  const schedules: { name: string; cron: string }[] = [];
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: SCHEMA,
    // Old finished jobs are archived and deleted by pg-boss's own maintenance.
    supervise: true,
    schedule: options.schedules ?? true,
    migrate: true,
  });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  let started = false;
  const polling = options.pollingIntervalSeconds ?? 2;

  return {
    define(name, queueOptions, handler) {
      if (started) throw new Error(`Job queue ${name} declared after start`);
      definitions.push({ name, options: queueOptions, handler: handler as JobHandler<object> });
    },
    schedule(name, cron) {
      if (started) throw new Error(`Schedule ${name} declared after start`);
      schedules.push({ name, cron });
    },
    async send(name, data, sendOptions = {}) {
      await boss.send(name, data, sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {});
    },
    async start() {
      if (started) return;
      started = true;
      await boss.start();
      for (const { name, options: queueOptions, handler } of definitions) {
        await boss.createQueue(name, {
          name,
          policy: queueOptions.policy ?? "standard",
          retryLimit: queueOptions.retryLimit ?? 3,
          retryDelay: queueOptions.retryDelaySeconds ?? 30,
          retryBackoff: true,
        });
        await boss.work<object>(name, { pollingIntervalSeconds: polling, batchSize: 1 }, async (jobs) => {
          for (const job of jobs) {
            try {
              await handler(job.data);
            } catch (error) {
              logger.error({ err: error, job: name }, "job failed");
              throw error;
            }
          }
        });
      }
      for (const { name, cron } of schedules) await boss.schedule(name, cron, {}, { tz: "UTC" });
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
    async settle(names, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await database.executeSql(
          `select count(*)::int as pending from ${SCHEMA}.job where name = any($1) and state < 'completed'`,
          [names],
        );
        const pending = (rows[0] as { pending: number } | undefined)?.pending ?? 0;
        if (pending === 0) return;
        if (Date.now() > deadline) throw new Error(`Jobs of ${names.join(", ")} still pending`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
