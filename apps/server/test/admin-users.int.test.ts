import { randomUUID } from "node:crypto";
import type { AdminUser, AdminUserDetail, AuditList, Me } from "@hearth/contracts";
import { adminUserDetailSchema, adminUserListSchema, auditListSchema } from "@hearth/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews, users } from "../src/db/schema";
import { createCharacter, insertCharacter, setUsername, updateUser } from "./characters-fixtures";
import { call, startServer, type TestServer } from "./harness";
import {
  expectError,
  expectInvalid,
  type SignedUp,
  signUp,
  uniqueEmail,
  uniqueUsername,
} from "./support/members";

/**
 * Admin user management through the HTTP server: finding members, their characters and the reviews
 * about them, restrictions set, seen at the member's next request, expiring at their end and lifted,
 * with the audit log of every change, newest first.
 */

let server: TestServer;
let admin: SignedUp;
let otherAdmin: SignedUp;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: "false", AUTH_RATE_LIMIT_MAX: "1000" });
  [admin, otherAdmin] = await Promise.all([signUp(server), signUp(server)]);
  await updateUser(server, admin.user.id, { role: "admin", username: uniqueUsername("admin") });
  await updateUser(server, otherAdmin.user.id, { role: "admin", username: uniqueUsername("admin") });
});

afterAll(async () => {
  await server?.close();
});

const restrict = (id: string, body: Record<string, unknown>, token = admin.token) =>
  call<AdminUser>(server, `/api/admin/users/${id}/restriction`, { method: "PUT", token, body });

const me = async (token: string) => {
  const response = await call<Me>(server, "/api/me", { token });
  expect(response.status).toBe(200);
  return response.body;
};

/** What a member's next request meets: 200, or the restriction's 403 code. */
async function nextRequest(token: string): Promise<number | string> {
  const response = await call<{ error?: { code: string } }>(server, "/api/characters", { token });
  return response.status === 200 ? 200 : (response.body.error?.code ?? response.status);
}

async function auditFor(subjectId: string): Promise<AuditList["data"]> {
  const response = await call<AuditList>(server, "/api/admin/audit?limit=100", { token: admin.token });
  expect(response.status).toBe(200);
  return auditListSchema.parse(response.body).data.filter((entry) => entry.subject_id === subjectId);
}

describe("finding members", () => {
  it("by email or username, exact or prefix, whatever the case, with their counts", async () => {
    const stem = `find${randomUUID().slice(0, 6)}`;
    const member = await signUp(server, `${stem}-ada@example.test`);
    const username = uniqueUsername(stem.slice(0, 8));
    await setUsername(server, member.user.id, username);
    await createCharacter(server, member.token, { name: "Counted" });
    await insertCharacter(server, { creatorUserId: member.user.id, isDeleted: true });
    await signUp(server, `${stem}-bob@example.test`);

    const search = async (q: string) => {
      const response = await call(server, `/api/admin/users?q=${encodeURIComponent(q)}`, {
        token: admin.token,
      });
      expect(response.status).toBe(200);
      return adminUserListSchema.parse(response.body).data;
    };
    expect((await search(stem.toUpperCase())).map((user) => user.email).sort()).toEqual([
      `${stem}-ada@example.test`,
      `${stem}-bob@example.test`,
    ]);
    const [exact] = await search(`  ${stem.toUpperCase()}-ADA@EXAMPLE.TEST `);
    expect(exact).toMatchObject({
      id: member.user.id,
      username,
      role: "free",
      restriction: null,
      restriction_ends_at: null,
      character_count: 1,
      report_count: 0,
    });
    expect((await search(username.toUpperCase()))[0]?.id).toBe(member.user.id);
    // LIKE's wildcards are taken literally.
    expect(await search("%")).toEqual([]);
    expectInvalid(
      await call(server, "/api/admin/users?q=%20", { token: admin.token }),
      "q",
      "Type an email or a username",
    );
  });

  it("one member with their characters and the reviews about them", async () => {
    const member = await signUp(server);
    const character = await createCharacter(server, member.token, { name: "Reviewed" });
    const gone = await insertCharacter(server, { creatorUserId: member.user.id, isDeleted: true });
    await server.database.db
      .insert(reviews)
      .values({ characterId: character.id, source: "character_report", issue: "Guidelines", details: "Hm" });
    const response = await call<AdminUserDetail>(server, `/api/admin/users/${member.user.id}`, {
      token: admin.token,
    });
    expect(response.status).toBe(200);
    const detail = adminUserDetailSchema.parse(response.body);
    expect(detail.characters.map((row) => row.id).sort()).toEqual([character.id, gone.id].sort());
    expect(detail.characters.find((row) => row.id === gone.id)?.is_deleted).toBe(true);
    expect(detail.reviews).toMatchObject([
      { character_id: character.id, issue: "Guidelines", status: "open" },
    ]);
    expectError(
      await call(server, `/api/admin/users/${randomUUID()}`, { token: admin.token }),
      404,
      "not_found",
    );
  });
});

describe("restrictions", () => {
  it("limited access: the member may read but not write, from their next request; lifted, all is back", async () => {
    const member = await signUp(server);
    expect(await nextRequest(member.token)).toBe(200);
    const set = await restrict(member.user.id, { restriction: "limited_access" });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ restriction: "limited_access", restriction_ends_at: null });
    const limited = await me(member.token);
    expect(limited.status).toBe("limited");
    expect(limited.permissions).toContain("limited_access");
    expect(await nextRequest(member.token)).toBe(200);
    expectError(
      await call(server, "/api/personas", { token: member.token, body: { name: "Nope" } }),
      403,
      "account_limited",
    );
    const lifted = await restrict(member.user.id, { restriction: null });
    expect(lifted.body.restriction).toBeNull();
    expect((await me(member.token)).status).toBe("active");
    expect(
      (await call(server, "/api/personas", { token: member.token, body: { name: "Now yes" } })).status,
    ).toBe(201);
    expect(await auditFor(member.user.id)).toMatchObject([
      {
        action: "user.lift_restriction",
        actor_user_id: admin.user.id,
        subject_type: "user",
        before: { restriction: "limited_access", restriction_ends_at: null },
        after: { restriction: null, restriction_ends_at: null },
      },
      {
        action: "user.restrict",
        before: { restriction: null },
        after: { restriction: "limited_access" },
      },
    ]);
  });

  it("complete restriction: only the session and its own account remain", async () => {
    const member = await signUp(server);
    await restrict(member.user.id, { restriction: "complete_restriction" });
    expect(await nextRequest(member.token)).toBe("account_restricted");
    const restricted = await me(member.token);
    expect(restricted.status).toBe("restricted");
    expect(restricted.restriction_ends_at).toBeNull();
  });

  it("temporary restriction: the end time on /api/me, and the member let back in once it passes", async () => {
    const member = await signUp(server);
    const endsAt = new Date(Date.now() + 3 * 86_400_000);
    const set = await restrict(member.user.id, {
      restriction: "temporary_restriction",
      ends_at: endsAt.toISOString(),
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({
      restriction: "temporary_restriction",
      restriction_ends_at: endsAt.toISOString(),
    });
    expect(await nextRequest(member.token)).toBe("account_restricted");
    const restricted = await me(member.token);
    expect(restricted).toMatchObject({ status: "restricted", restriction_ends_at: endsAt.toISOString() });
    expect(restricted.permissions).toContain("temporary_restriction");
    expect(await auditFor(member.user.id)).toMatchObject([
      {
        action: "user.restrict",
        actor_user_id: admin.user.id,
        subject_type: "user",
        before: { restriction: null, restriction_ends_at: null },
        after: { restriction: "temporary_restriction", restriction_ends_at: endsAt.toISOString() },
      },
    ]);

    // Time passes: the end is now behind us. Nothing clears the row; reads decide.
    await updateUser(server, member.user.id, { restrictionEndsAt: new Date(Date.now() - 1000) });
    expect(await nextRequest(member.token)).toBe(200);
    const back = await me(member.token);
    expect(back).toMatchObject({ status: "active", restriction_ends_at: null });
    expect(back.permissions).not.toContain("temporary_restriction");
    const asAdmin = await call<AdminUser>(server, `/api/admin/users/${member.user.id}`, {
      token: admin.token,
    });
    expect(asAdmin.body).toMatchObject({ restriction: null, restriction_ends_at: null });
  });

  it("needs an end in the future for a temporary restriction", async () => {
    const member = await signUp(server);
    expectInvalid(
      await restrict(member.user.id, { restriction: "temporary_restriction" }),
      "ends_at",
      "Choose when the restriction ends",
    );
    expectInvalid(
      await restrict(member.user.id, {
        restriction: "temporary_restriction",
        ends_at: new Date(Date.now() - 60_000).toISOString(),
      }),
      "ends_at",
      "The end must be in the future",
    );
    expectError(await restrict(member.user.id, { restriction: "banned" }), 400, "validation_error");
    expect(await nextRequest(member.token)).toBe(200);
  });

  it("never on the admin's own account nor on another admin (403, nothing written)", async () => {
    const self = await restrict(admin.user.id, { restriction: "complete_restriction" });
    expect(expectError(self, 403, "forbidden").message).toBe("You cannot restrict your own account.");
    const other = await restrict(otherAdmin.user.id, { restriction: "limited_access" });
    expect(expectError(other, 403, "forbidden").message).toBe(
      "Admins cannot be restricted. Change their role first.",
    );
    expect(await nextRequest(admin.token)).toBe(200);
    expect(await nextRequest(otherAdmin.token)).toBe(200);
    expect(await auditFor(admin.user.id)).toEqual([]);
    expect(await auditFor(otherAdmin.user.id)).toEqual([]);
    expectError(await restrict(randomUUID(), { restriction: "limited_access" }), 404, "not_found");
  });

  it("answers 403 to members on every admin user route", async () => {
    const member = await signUp(server, uniqueEmail());
    expectError(await call(server, "/api/admin/users?q=a", { token: member.token }), 403, "forbidden");
    expectError(await restrict(member.user.id, { restriction: null }, member.token), 403, "forbidden");
  });
});

describe("the audit log", () => {
  it("lists entries newest first with the actor's username, a page after last_id", async () => {
    const member = await signUp(server);
    for (const restriction of ["limited_access", "complete_restriction", null]) {
      expect((await restrict(member.user.id, { restriction })).status).toBe(200);
    }
    const all = await call<AuditList>(server, "/api/admin/audit?limit=100", { token: admin.token });
    const entries = auditListSchema.parse(all.body).data;
    const times = entries.map((entry) => Date.parse(entry.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const mine = entries.filter((entry) => entry.subject_id === member.user.id);
    expect(mine.map((entry) => entry.action)).toEqual([
      "user.lift_restriction",
      "user.restrict",
      "user.restrict",
    ]);
    const [adminRow] = await server.database.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(mine[0]?.actor_username).toBe(adminRow?.username);

    const first = await call<AuditList>(server, "/api/admin/audit?limit=2", { token: admin.token });
    expect(first.body.data.map((entry) => entry.id)).toEqual(entries.slice(0, 2).map((entry) => entry.id));
    const next = await call<AuditList>(
      server,
      `/api/admin/audit?limit=100&last_id=${first.body.data[1]?.id}`,
      {
        token: admin.token,
      },
    );
    expect(next.body.data.map((entry) => entry.id)).toEqual(entries.slice(2).map((entry) => entry.id));
    expectError(
      await call(server, `/api/admin/audit?last_id=${randomUUID()}`, { token: admin.token }),
      400,
      "validation_error",
    );
  });
});
