import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client";
import { users } from "../src/db/schema";
import { openChangeFeed } from "../src/kernel/change-feed";
import { createMemberCache, updateUser } from "../src/modules/users/index";
import { startServer, type TestServer } from "./harness";
import { signUp } from "./support/members";

/**
 * The member cache (users/member-cache.ts) over the change feed (kernel/change-feed.ts) on a real
 * database: rows are read once, and a change is seen as soon as the database announces it at commit,
 * whoever wrote it (PGlite and PostgreSQL).
 */
describe("member cache", () => {
  let server: TestServer;
  let reads = 0;
  /** The app's database, counting the statements the cache starts (its reads are `select`s). */
  let counted: Database;

  beforeAll(async () => {
    server = await startServer();
    counted = new Proxy(server.database.db, {
      get(target, property, receiver) {
        if (property === "select") reads += 1;
        return Reflect.get(target, property, receiver);
      },
    });
  });
  afterAll(() => server.close());

  const roleSeen = async (find: (id: string) => Promise<{ role: string } | null>, id: string) =>
    (await find(id))?.role;

  it("reads a member once, and sees a change made in another transaction once it commits", async () => {
    const member = await signUp(server);
    const feed = await openChangeFeed(server.database);
    const cache = createMemberCache(counted, feed);
    try {
      expect(await roleSeen(cache.find, member.user.id)).toBe("free");
      expect(await roleSeen(cache.find, member.user.id)).toBe("free");
      expect(reads).toBe(1);

      let inside: string | undefined;
      await server.database.db.transaction(async (tx) => {
        await tx.update(users).set({ role: "premium" }).where(eq(users.id, member.user.id));
        // Not committed yet: the cache still answers the committed row.
        inside = await roleSeen(cache.find, member.user.id);
      });
      expect(inside).toBe("free");
      // The commit's notification reaches the cache (asynchronously on PostgreSQL's own connection).
      await expect.poll(() => roleSeen(cache.find, member.user.id), { timeout: 2000 }).toBe("premium");

      // The app's own writes are forgotten at once, before the notification comes back.
      await updateUser(server.database.db, member.user.id, { name: "Renamed" });
      expect((await cache.find(member.user.id))?.name).toBe("Renamed");

      await server.database.db.delete(users).where(eq(users.id, member.user.id));
      await expect.poll(() => cache.find(member.user.id), { timeout: 2000 }).toBeNull();
    } finally {
      await feed.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "reads through while its listening connection is lost, and caches again once it listens again",
    async () => {
      const member = await signUp(server);
      const feed = await openChangeFeed(server.database);
      const cache = createMemberCache(counted, feed);
      try {
        await cache.find(member.user.id);
        const before = reads;
        await server.database.executeSql(
          "select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN hearth_changed' and datname = current_database()",
        );
        // Lost: every find reads the database (a change could not be heard meanwhile).
        await expect
          .poll(async () => {
            const start = reads;
            await cache.find(member.user.id);
            return reads - start;
          })
          .toBe(1);
        expect(reads).toBeGreaterThan(before);
        // Listening again (it retries every second): rows are kept again, and changes are heard.
        await expect
          .poll(
            async () => {
              await cache.find(member.user.id);
              const start = reads;
              await cache.find(member.user.id);
              return reads - start;
            },
            { timeout: 5000 },
          )
          .toBe(0);
        await server.database.executeSql("update users set role = 'basic' where id = $1", [member.user.id]);
        await expect.poll(() => roleSeen(cache.find, member.user.id), { timeout: 2000 }).toBe("basic");
      } finally {
        await feed.close();
      }
    },
  );
});
