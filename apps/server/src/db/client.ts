import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { MIGRATIONS_DIR } from "../paths";
import * as schema from "./schema";

/** The one database type services and repositories use, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseDriver = "pglite" | "postgres";
/** Plain SQL with `values` as $1, $2 ...: one statement, its rows answered as the driver reads them. */
export type SqlExecutor = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

export type DatabaseHandle = {
  db: Database;
  /**
   * For the few writes a user waits on (the user's turn before a reply shows): its own connections on
   * PostgreSQL, so they never queue behind a burst of reads; the same database on PGlite.
   */
  priorityDb: Database;
  /** Plain SQL on priorityDb's connections, for the hot writes built once as text (chat-writer.ts). */
  prioritySql: SqlExecutor;
  driver: DatabaseDriver;
  /**
   * Plain SQL for libraries that bring their own statements (the job queue): `values` as $1, $2 ...;
   * without values the text may hold several statements, and the last one's rows are answered.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Listens on a NOTIFY channel (notifications arrive at their transaction's commit). `onListening(false)`
   * says notifications may be missed from now on (the listening connection was lost; it reconnects by
   * itself), `onListening(true)` that they arrive again: whoever caches on them forgets everything at
   * both. Answers a function that stops listening.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export type NotificationHandlers = {
  onPayload(payload: string): void;
  onListening(listening: boolean): void;
};

const CHANNEL_NAME = /^[a-z_]+$/;
const LISTEN_RETRY_MS = 1000;

/** Connections for priority writes; the user-turn writer keeps at most this many batches in flight. */
export const PRIORITY_POOL_SIZE = 2;

type DatabaseOptions = { databaseUrl: string | null; dataDir: string };

/** Opens PostgreSQL when DATABASE_URL is set, else embedded PGlite under DATA_DIR; migrates either way. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(join(options.dataDir, "pglite"));
  return {
    ...handle,
    async ping() {
      try {
        await handle.db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
  };
}

async function openPostgres(url: string): Promise<Omit<DatabaseHandle, "ping">> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server must not crash the process; the pool reconnects on next use.
  pool.on("error", (error) => console.error(`PostgreSQL connection error: ${error.message}`));
  const priorityPool = new pg.Pool({ connectionString: url, max: PRIORITY_POOL_SIZE });
  priorityPool.on("error", (error) => console.error(`PostgreSQL connection error: ${error.message}`));
  const db = drizzleNodePg({ client: pool, schema });
  const close = async () => {
    await Promise.all([pool.end(), priorityPool.end()]);
  };
  try {
    await migrateNodePg(db, { migrationsFolder: MIGRATIONS_DIR });
  } catch (error) {
    await close();
    throw error;
  }
  return {
    db,
    priorityDb: drizzleNodePg({ client: priorityPool, schema }),
    prioritySql: (text, values) => priorityPool.query(text, values),
    driver: "postgres",
    executeSql: (text, values) => pool.query(text, values),
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    close,
  };
}

async function openPglite(dir: string): Promise<Omit<DatabaseHandle, "ping">> {
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  } catch (error) {
    await client.close();
    throw error;
  }
  const executeSql = async (text: string, values?: unknown[]) => {
    if (values && values.length > 0) return client.query(text, values);
    const results = await client.exec(text);
    return results.at(-1) ?? { rows: [] };
  };
  const listen = async (channel: string, handlers: NotificationHandlers) => {
    const unlisten = await client.listen(channel, handlers.onPayload);
    handlers.onListening(true);
    return async () => {
      if (!client.closed) await unlisten();
    };
  };
  return {
    db,
    priorityDb: db,
    prioritySql: (text, values) => client.query(text, values),
    driver: "pglite",
    executeSql,
    listen,
    close: () => client.close(),
  };
}

/**
 * A dedicated connection that LISTENs on `channel`; when it is lost, listeners are told (notifications
 * may be missed meanwhile) and it reconnects every LISTEN_RETRY_MS until it listens again.
 */
async function listenPostgres(
  url: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<() => Promise<void>> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    const lost = () => {
      if (current !== client) return;
      current = null;
      client.end().catch(() => {});
      handlers.onListening(false);
      scheduleRetry();
    };
    client.on("notification", (message) => {
      if (message.channel === channel && message.payload) handlers.onPayload(message.payload);
    });
    client.on("error", lost);
    client.on("end", lost);
    current = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      if (current === client) {
        current = null;
        client.end().catch(() => {});
      }
      throw error;
    }
    if (stopped) {
      await client.end();
      return;
    }
    handlers.onListening(true);
  };
  const scheduleRetry = () => {
    if (stopped) return;
    retry = setTimeout(() => {
      connect().catch(() => scheduleRetry());
    }, LISTEN_RETRY_MS);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}
