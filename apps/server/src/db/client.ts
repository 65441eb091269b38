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

export type DatabaseHandle = {
  db: Database;
  /**
   * For the few writes a user waits on (the user's turn before a reply shows): its own connections on
   * PostgreSQL, so they never queue behind a burst of reads; the same database on PGlite.
   */
  priorityDb: Database;
  driver: DatabaseDriver;
  /**
   * Plain SQL for libraries that bring their own statements (the job queue): `values` as $1, $2 ...;
   * without values the text may hold several statements, and the last one's rows are answered.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

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
    driver: "postgres",
    executeSql: (text, values) => pool.query(text, values),
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
  return { db, priorityDb: db, driver: "pglite", executeSql, close: () => client.close() };
}
