import { type AccountRemovalCheck, type Me, REMOTE_SETTING_DEFAULTS } from "@hearth/contracts";
import { eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client";
import {
  blockedCreators,
  characterRatings,
  characters,
  conversations,
  favorites,
  memories,
  messages,
  personas,
  remoteSettings,
} from "../src/db/schema";
import { call, refreshCookieOf, startServer, type TestServer } from "./harness";
import {
  expectError,
  expectInvalid,
  guestToken,
  PASSWORD,
  signUp,
  uniqueEmail,
  uniqueUsername,
} from "./support/members";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    AUTH_RATE_LIMIT_MAX: "1000",
    BLOCKED_EMAIL_DOMAINS: "blocked.test, @Spam.example",
  });
});
afterAll(async () => {
  await server?.close();
});

const putEmail = (token: string, email: unknown) =>
  call<{ email: string }>(server, "/api/users/email", { method: "PUT", token, body: { email } });

describe("PUT /api/users/email", () => {
  it("makes a hidden-relay member give a real email", async () => {
    const member = await signUp(server, uniqueEmail("privaterelay.appleid.com"));
    expect(member.user.needs_email_update).toBe(true);

    expectInvalid(await putEmail(member.token, ""), "email", "Email can not be empty");
    expectInvalid(await putEmail(member.token, "   "), "email", "Email can not be empty");
    expectInvalid(await putEmail(member.token, undefined), "email", "Email can not be empty");
    expectInvalid(
      await putEmail(member.token, "not-an-email"),
      "email",
      "Please enter a valid email address",
    );
    expectInvalid(await putEmail(member.token, "a@b"), "email", "Please enter a valid email address");
    expectInvalid(
      await putEmail(member.token, "other@privaterelay.appleid.com"),
      "email",
      "Hidden (private relay) email addresses can not be used, please enter your real email address.",
    );
    const blocked = "Email addresses from this domain can not be used, please enter another email address.";
    expectInvalid(await putEmail(member.token, "me@blocked.test"), "email", blocked);
    expectInvalid(await putEmail(member.token, "me@mail.BLOCKED.test"), "email", blocked);
    expectInvalid(await putEmail(member.token, "me@spam.example"), "email", blocked);

    const other = await signUp(server);
    const taken = await putEmail(member.token, other.email.toUpperCase());
    expect(expectError(taken, 409, "email_taken").fields?.email).toBe(
      "An account with this email already exists.",
    );

    const real = uniqueEmail("real.test");
    const saved = await putEmail(member.token, `  ${real.toUpperCase()} `);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ email: real });
    const me = await call<Me>(server, "/api/me", { token: member.token });
    expect(me.body).toMatchObject({ email: real, needs_email_update: false });
    const login = await call(server, "/api/auth/login", { body: { email: real, password: PASSWORD } });
    expect(login.status).toBe(200);

    // Done once: a working email is not changed through this route.
    expectError(await putEmail(member.token, uniqueEmail("again.test")), 403, "forbidden");
  });

  it("sends blocked-domain members to update their email too", async () => {
    const member = await signUp(server, uniqueEmail("sub.blocked.test"));
    expect(member.user.needs_email_update).toBe(true);
    expect((await putEmail(member.token, uniqueEmail("fine.test"))).status).toBe(200);
  });

  it("refuses members whose email is fine, guests and visitors", async () => {
    const member = await signUp(server);
    expect(member.user.needs_email_update).toBe(false);
    expectError(await putEmail(member.token, uniqueEmail()), 403, "forbidden");
    expectError(await putEmail("", uniqueEmail()), 401, "unauthenticated");
    expectError(await putEmail(await guestToken(server), uniqueEmail()), 403, "forbidden");
  });
});

describe("GET /api/users/removal-check", () => {
  it("answers no managed subscription and the configured countdown", async () => {
    const member = await signUp(server);
    const check = await call<AccountRemovalCheck>(server, "/api/users/removal-check", {
      token: member.token,
    });
    expect(check.body).toEqual({
      managed_subscription: false,
      countdown_seconds: REMOTE_SETTING_DEFAULTS.account_removal_countdown_seconds,
    });
    const { db } = server.database;
    const key = "account_removal_countdown_seconds";
    await db.update(remoteSettings).set({ value: 3 }).where(eq(remoteSettings.key, key));
    try {
      const changed = await call<AccountRemovalCheck>(server, "/api/users/removal-check", {
        token: member.token,
      });
      expect(changed.body.countdown_seconds).toBe(3);
    } finally {
      await db
        .update(remoteSettings)
        .set({ value: REMOTE_SETTING_DEFAULTS.account_removal_countdown_seconds })
        .where(eq(remoteSettings.key, key));
    }
    expectError(await call(server, "/api/users/removal-check"), 401, "unauthenticated");
  });
});

type Row = Record<string, unknown>;

async function rows(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

type ForeignKey = {
  child: string;
  childColumn: string;
  parent: string;
  parentColumn: string;
  cascade: boolean;
};

/** Every single-column foreign key of the public schema, read from the catalog. */
async function foreignKeys(db: Database): Promise<ForeignKey[]> {
  const found = await rows(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
          c.confdeltype::text as del,
          (select attname from pg_attribute where attrelid = c.conrelid and attnum = c.conkey[1])::text as child_column,
          (select attname from pg_attribute where attrelid = c.confrelid and attnum = c.confkey[1])::text as parent_column
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  return found.map((r) => ({
    child: String(r.child),
    childColumn: String(r.child_column),
    parent: String(r.parent),
    parentColumn: String(r.parent_column),
    cascade: r.del === "c",
  }));
}

async function primaryKeyOf(db: Database, table: string): Promise<string[]> {
  const found = await rows(
    db,
    sql`select a.attname::text as name from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
        where c.contype = 'p' and c.conrelid = ${table}::regclass order by a.attnum`,
  );
  return found.map((r) => String(r.name));
}

/** Primary keys (as JSON) of every row the user owns: their user row and all rows cascading from it. */
async function ownedRows(db: Database, userId: string): Promise<Map<string, Set<string>>> {
  const edges = (await foreignKeys(db)).filter((edge) => edge.cascade);
  const owned = new Map<string, Row[]>([
    ["users", await rows(db, sql`select * from users where id = ${userId}`)],
  ]);
  let changed = true;
  while (changed) {
    changed = false;
    for (const edge of edges) {
      const parents = owned.get(edge.parent) ?? [];
      const values = [...new Set(parents.map((row) => String(row[edge.parentColumn])))];
      if (values.length === 0) continue;
      const children = await rows(
        db,
        sql`select * from ${sql.identifier(edge.child)} where ${sql.identifier(edge.childColumn)}::text in (${sql.join(
          values.map((value) => sql`${value}`),
          sql`, `,
        )})`,
      );
      const known = owned.get(edge.child) ?? [];
      const keys = await primaryKeyOf(db, edge.child);
      const keyOf = (row: Row) => JSON.stringify(keys.map((key) => String(row[key])));
      const seen = new Set(known.map(keyOf));
      const fresh = children.filter((row) => !seen.has(keyOf(row)));
      if (fresh.length > 0) {
        owned.set(edge.child, [...known, ...fresh]);
        changed = true;
      }
    }
  }
  const result = new Map<string, Set<string>>();
  for (const [table, tableRows] of owned) {
    const keys = await primaryKeyOf(db, table);
    result.set(table, new Set(tableRows.map((row) => JSON.stringify(keys.map((key) => String(row[key]))))));
  }
  return result;
}

async function remainingOf(db: Database, owned: Map<string, Set<string>>): Promise<string[]> {
  const left: string[] = [];
  for (const [table, keySet] of owned) {
    const keys = await primaryKeyOf(db, table);
    const all = await rows(db, sql`select * from ${sql.identifier(table)}`);
    for (const row of all) {
      const key = JSON.stringify(keys.map((k) => String(row[k])));
      if (keySet.has(key)) left.push(`${table} ${key}`);
    }
  }
  return left;
}

/** Every column holding a user id: foreign keys to users, and any other column named like one. */
async function userReferenceColumns(db: Database): Promise<{ table: string; column: string }[]> {
  const viaForeignKeys = (await foreignKeys(db))
    .filter((edge) => edge.parent === "users")
    .map((edge) => ({ table: edge.child, column: edge.childColumn }));
  const byName = (
    await rows(
      db,
      sql`select table_name::text as t, column_name::text as c from information_schema.columns
          where table_schema = 'public' and (column_name = 'user_id' or column_name like '%\_user\_id')`,
    )
  ).map((r) => ({ table: String(r.t), column: String(r.c) }));
  const all = [...viaForeignKeys, ...byName, { table: "users", column: "id" }];
  return all.filter((ref, i) => all.findIndex((o) => o.table === ref.table && o.column === ref.column) === i);
}

describe("DELETE /api/users", () => {
  it("removes the account and everything it owns in every table, and signs out", async () => {
    const { db } = server.database;
    const victim = await signUp(server);
    const bystander = await signUp(server);
    const vid = victim.user.id;
    const bid = bystander.user.id;

    // Give the victim something in every kind of table.
    const username = uniqueUsername();
    await call(server, "/api/users/profile", {
      method: "PUT",
      token: victim.token,
      body: { username, name: "Victim", openai_api_key: "sk-victim-secret-key-1234" },
    });
    await call(server, "/api/users/onboarding", {
      method: "PUT",
      token: victim.token,
      body: { step: "welcome" },
    });
    await call(server, "/api/personas", { token: victim.token, body: { name: "Alt" } });
    await call(server, "/api/event", { token: victim.token, body: { event_name: "page_view", payload: {} } });
    const [victimCharacter] = await db
      .insert(characters)
      .values({ creatorUserId: vid, name: "Victim's public bot", visibility: "public" })
      .returning();
    const [bystanderCharacter] = await db
      .insert(characters)
      .values({ creatorUserId: bid, name: "Bystander's bot", visibility: "public" })
      .returning();
    if (!victimCharacter || !bystanderCharacter) throw new Error("no characters");
    const [persona] = await db.select().from(personas).where(eq(personas.userId, vid)).limit(1);
    const [conversation] = await db
      .insert(conversations)
      .values({ userId: vid, characterId: bystanderCharacter.id, userPersonaId: persona?.id ?? null })
      .returning();
    if (!conversation) throw new Error("no conversation");
    await db
      .insert(messages)
      .values({ conversationId: conversation.id, role: "user", content: "hello", createdAt: new Date() });
    await db.insert(memories).values({ conversationId: conversation.id, content: "likes tea" });
    const [othersChat] = await db
      .insert(conversations)
      .values({ userId: bid, characterId: victimCharacter.id })
      .returning();
    await db.insert(favorites).values([
      { userId: vid, characterId: bystanderCharacter.id },
      { userId: bid, characterId: victimCharacter.id },
    ]);
    await db.insert(characterRatings).values({ userId: vid, characterId: bystanderCharacter.id, rating: 5 });
    await db.insert(blockedCreators).values([
      { userId: vid, creatorUserId: bid },
      { userId: bid, creatorUserId: vid },
    ]);

    const owned = await ownedRows(db, vid);
    for (const table of [
      "users",
      "personas",
      "characters",
      "conversations",
      "messages",
      "memories",
      "refresh_tokens",
    ]) {
      expect(owned.get(table)?.size ?? 0, table).toBeGreaterThan(0);
    }
    const references = await userReferenceColumns(db);
    expect(references.map((r) => r.table)).toEqual(expect.arrayContaining(["personas", "analytics_events"]));

    const removed = await call(server, "/api/users", {
      method: "DELETE",
      token: victim.token,
      body: { password: PASSWORD },
    });
    expect(removed.status).toBe(204);
    expect(refreshCookieOf(removed.headers)).toBe("");

    expect(await remainingOf(db, owned)).toEqual([]);
    for (const { table, column } of references) {
      const [found] = await rows(
        db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text = ${vid}`,
      );
      expect(found?.n, `${table}.${column}`).toBe(0);
    }
    // The bystander keeps their own things; their chat with the removed member's bot goes with the bot.
    const [stillThere] = await rows(
      db,
      sql`select count(*)::int as n from characters where id = ${bystanderCharacter.id}`,
    );
    expect(stillThere?.n).toBe(1);
    const [chatGone] = await rows(
      db,
      sql`select count(*)::int as n from conversations where id = ${othersChat?.id}`,
    );
    expect(chatGone?.n).toBe(0);
    expect((await call(server, "/api/me", { token: bystander.token })).status).toBe(200);

    // Signing in again fails, and so do the old tokens.
    expectError(
      await call(server, "/api/auth/login", { body: { email: victim.email, password: PASSWORD } }),
      401,
      "invalid_credentials",
    );
    expectError(await call(server, "/api/me", { token: victim.token }), 401, "invalid_account");
    expect((await call(server, "/api/auth/refresh", { method: "POST", cookie: victim.cookie })).status).toBe(
      401,
    );
    // The username is free again.
    const check = await call(server, `/api/users/username-availability?username=${username}`);
    expect(check.body).toEqual({ isAvailable: true });
  });

  it("is for members only", async () => {
    expectError(await call(server, "/api/users", { method: "DELETE" }), 401, "unauthenticated");
    expectError(
      await call(server, "/api/users", { method: "DELETE", token: await guestToken(server) }),
      403,
      "forbidden",
    );
  });
});
