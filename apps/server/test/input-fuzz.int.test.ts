import { randomUUID } from "node:crypto";
import { eq, sql, TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { type ApiRoute, apiRoutesOf } from "../src/http/route-access-hooks";
import { encodeCursor } from "../src/modules/characters/cursor";
import { updateUser } from "./characters-fixtures";
import { startServer, type TestServer } from "./harness";
import { signUp, uniqueUsername } from "./support/members";
import { insertRouteFixtures, pathFor, type RouteFixtures } from "./support/route-fixtures";
import { jsonSchemaOf, validSample } from "./support/samples";

/**
 * Fuzzes every API route's body, query and path parameters from the contracts' schemas (the routes come
 * from the server's own registrations), as an admin who owns a character, a conversation, a message, a
 * memory and a persona, so requests reach the services and the database. No answer may be a 5xx (nor a
 * stream ending in internal_error), and a refused request must leave the database exactly as it was.
 */

/** JSON text nested `depth` objects deep (too deep for JSON.stringify to write). */
const deepJson = (depth: number): string => `${'{"a":'.repeat(depth)}"leaf"${"}".repeat(depth)}`;

/** Values that have broken servers: wrong types, control characters, lone surrogates, sizes, ranges. */
const BAD_VALUES: string[] = [
  "a\u0000b",
  "\u0007bell",
  "\u001b[31mred",
  "lone \ud800 surrogate",
  "\udc00",
  "x".repeat(200_000),
  "",
  "   ",
  "😀".repeat(50),
  "1e999",
  "-1",
  "2025-02-31T25:61:61Z",
  "../../etc/passwd",
  123,
  -1,
  0,
  1.5,
  2 ** 31,
  2 ** 53,
  1e308,
  -1e308,
  true,
  null,
  [],
  ["a\u0000"],
  {},
  { "k\u0000": 1 },
].map((value) => JSON.stringify(value));
BAD_VALUES.push(deepJson(40), deepJson(5_000));

const PLACEHOLDER = "__fuzz_value__";

/** Raw bodies that are not a JSON value the schemas could see. */
const RAW_BODIES = [
  `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
  `{"a":${"[".repeat(5_000)}1${"]".repeat(5_000)}}`,
  '{"name": 1e999}',
  '{"name": "\\u0000"}',
  '{"name": "\\ud800"}',
  "{",
  "null",
  "[]",
  '"text"',
];

/** Percent-encoded, as they travel: NUL, a lone surrogate's bytes (invalid UTF-8), a control, sizes. */
const BAD_PATH_VALUES = [
  "%00",
  "a%00b",
  "%ED%A0%80",
  "%FF",
  "%07",
  "x".repeat(5_000),
  "1e999",
  "-1",
  "%2e%2e",
  "null",
  randomUUID(),
];

/** Query values, plus cursors that match their pattern but are out of the column's range. */
const BAD_QUERY_VALUES = [
  ...BAD_PATH_VALUES,
  "x".repeat(100_000),
  encodeCursor({ key: "1e999", id: randomUUID() }),
  encodeCursor({ key: "2025-02-31 10:00:00+00", id: randomUUID() }),
  encodeCursor({ key: "99999999999", id: randomUUID() }),
];

/** A table a refused request may rightly change: failed sign-ins count against the account. */
const WRITTEN_BY_REFUSALS = new Set(["login_throttles"]);

/**
 * Counts the rows written to the public tables (but WRITTEN_BY_REFUSALS) from now on: row triggers add one
 * to a counter in the writing transaction, so a write rolled back is not counted, nor an update that leaves
 * a row as it was. Answers a function reading the count. (Hashing every table after each of the thousands
 * of requests took most of this file's minutes.)
 */
async function countWrites(server: TestServer): Promise<() => Promise<number>> {
  const { db } = server.database;
  const tables = (
    (await db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by 1`,
    )) as unknown as {
      rows: { tablename: string }[];
    }
  ).rows
    .map((row) => row.tablename)
    .filter((table) => !WRITTEN_BY_REFUSALS.has(table));
  await db.execute(sql`create table fuzz_writes (n bigint not null)`);
  await db.execute(sql`insert into fuzz_writes values (0)`);
  await db.execute(
    sql.raw(`create function fuzz_count_write() returns trigger language plpgsql as $$
      begin update fuzz_writes set n = n + 1; return null; end $$`),
  );
  for (const table of tables) {
    const name = sql.identifier(table);
    await db.execute(
      sql`create trigger fuzz_written after insert or delete on ${name} for each row execute function fuzz_count_write()`,
    );
    await db.execute(
      sql`create trigger fuzz_changed after update on ${name} for each row when (old.* is distinct from new.*) execute function fuzz_count_write()`,
    );
    await db.execute(
      sql`create trigger fuzz_truncated after truncate on ${name} for each statement execute function fuzz_count_write()`,
    );
  }
  return async () => {
    const result = (await db.execute(sql`select n from fuzz_writes`)) as unknown as {
      rows: { n: string | number }[];
    };
    return Number(result.rows[0]?.n);
  };
}

type FuzzRequest = { route: ApiRoute; label: string; path: string; query: string; body?: string };

/** Every mutation of one route's sample request. */
function requestsFor(route: ApiRoute, fixtures: RouteFixtures): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  const path = pathFor(route.url, fixtures);
  const sampleQuery = route.schema.querystring
    ? (validSample(route.schema.querystring) as Record<string, unknown>)
    : {};
  /** Sample values are encoded here; `raw` holds one already percent-encoded bad value. */
  const queryOf = (values: Record<string, unknown>, raw?: [string, string]) =>
    [
      ...Object.entries(values)
        .filter(([key]) => key !== raw?.[0])
        .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`),
      ...(raw ? [`${raw[0]}=${raw[1]}`] : []),
    ].join("&");
  const baseQuery = queryOf(sampleQuery);
  const sampleBody = route.schema.body ? validSample(route.schema.body) : undefined;
  const baseBody = sampleBody === undefined ? undefined : JSON.stringify(sampleBody);

  if (route.schema.body) {
    const properties = Object.keys(jsonSchemaOf(route.schema.body).properties ?? {});
    for (const value of BAD_VALUES) {
      requests.push({ route, label: `body = ${value.slice(0, 40)}`, path, query: baseQuery, body: value });
      for (const property of properties) {
        // The bad value spliced in as text, so it can be nested deeper than JSON.stringify can write.
        const body = JSON.stringify({ ...(sampleBody as Record<string, unknown>), [property]: PLACEHOLDER });
        const label = `body.${property} = ${value.slice(0, 40)}`;
        requests.push({
          route,
          label,
          path,
          query: baseQuery,
          body: body.replace(`"${PLACEHOLDER}"`, () => value),
        });
      }
    }
    for (const raw of RAW_BODIES) {
      requests.push({ route, label: `raw body ${raw.slice(0, 30)}`, path, query: baseQuery, body: raw });
    }
  }
  if (route.schema.querystring) {
    const properties = Object.keys(jsonSchemaOf(route.schema.querystring).properties ?? {});
    for (const property of properties) {
      for (const value of BAD_QUERY_VALUES) {
        const query = queryOf(sampleQuery, [property, value]);
        const label = `query ${property} = ${value.slice(0, 40)}`;
        requests.push({ route, label, path, query, ...(baseBody === undefined ? {} : { body: baseBody }) });
      }
      // The cursor's own sort, so a valid-looking key meets the column it would be cast to.
      if (property === "cursor") {
        for (const sort of ["rating", "newest", "popular"]) {
          for (const value of BAD_QUERY_VALUES.slice(-3)) {
            const query = queryOf({ ...sampleQuery, sort }, ["cursor", value]);
            requests.push({ route, label: `query sort=${sort} cursor`, path, query });
          }
        }
      }
    }
  }
  route.url.split("/").forEach((segment, index) => {
    if (!segment.startsWith(":")) return;
    for (const value of BAD_PATH_VALUES) {
      requests.push({
        route,
        label: `${segment} = ${value.slice(0, 40)}`,
        path: pathFor(route.url, fixtures, { index, value }),
        query: baseQuery,
        ...(baseBody === undefined ? {} : { body: baseBody }),
      });
    }
  });
  return requests;
}

describe("fuzzing every API input from the contracts' schemas", () => {
  let server: TestServer;
  let token = "";
  let fixtures: RouteFixtures = {};
  let address = 0;
  let adminId = "";
  let adminName = "";
  let writes: () => Promise<number> = async () => Number.NaN;

  beforeAll(async () => {
    server = await startServer({
      TRUST_PROXY: "true",
      AUTH_RATE_LIMIT_MAX: "100000",
      GENERATE_RATE_LIMIT_MAX: "100000",
      ADMIN_PASSWORD: "fuzz-admin-password",
    });
    const admin = await signUp(server);
    adminId = admin.user.id;
    adminName = uniqueUsername();
    await updateUser(server, adminId, { role: "admin", username: adminName });
    token = admin.token;
    fixtures = await insertRouteFixtures(server, adminId);
    writes = await countWrites(server);
  });

  afterAll(async () => {
    await server?.close();
  });

  async function send(request: FuzzRequest) {
    // Each request from its own address, so per-address rate limits never hide a route's handling.
    address++;
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      "x-forwarded-for": `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    };
    if (request.body !== undefined) headers["content-type"] = "application/json";
    const url = `${server.url}${request.path}${request.query ? `?${request.query}` : ""}`;
    const response = await fetch(url, { method: request.route.method, headers, body: request.body });
    const text = await response.text();
    return {
      status: response.status,
      text,
      stream: response.headers.get("content-type")?.startsWith("text/event-stream"),
    };
  }

  it("counts a row changed, not one left as it was nor a write rolled back", async () => {
    const start = await writes();
    await updateUser(server, adminId, { username: adminName });
    await server.database.db
      .transaction(async (tx) => {
        await tx.update(users).set({ username: uniqueUsername() }).where(eq(users.id, adminId));
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(await writes()).toBe(start);
    adminName = uniqueUsername();
    await updateUser(server, adminId, { username: adminName });
    expect(await writes()).toBe(start + 1);
  });

  it("answers no 5xx and writes nothing when it refuses", async () => {
    // Account removal last: it ends the session every other request uses.
    const routes = apiRoutesOf(server.app)
      .filter((route) => route.method !== "HEAD")
      .filter((route) => route.schema.body || route.schema.querystring || route.url.includes(":"))
      .sort((a, b) => Number(a.url === "/api/users") - Number(b.url === "/api/users"));
    const failures: string[] = [];
    let sent = 0;
    let before = await writes();
    for (const route of routes) {
      for (const request of requestsFor(route, fixtures)) {
        const response = await send(request);
        sent++;
        const where = `${route.method} ${route.url} ${request.label}: ${response.status}`;
        if (response.status >= 500) failures.push(`${where} ${response.text.slice(0, 120)}`);
        if (response.stream && response.text.includes('"code":"internal_error"')) {
          failures.push(`${where} streamed internal_error`);
        }
        const after = await writes();
        if (response.status >= 400 && after !== before) failures.push(`${where} changed the database`);
        before = after;
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  }, 600_000);
});
