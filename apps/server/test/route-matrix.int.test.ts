import {
  ERROR_MESSAGES,
  type ErrorCode,
  permissionsFor,
  type Restriction,
  type Role,
} from "@hearth/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiRoute, apiRoutesOf } from "../src/http/route-access-hooks";
import { updateUser } from "./characters-fixtures";
import { call, startServer, type TestServer } from "./harness";
import { guestToken, signUp, uniqueUsername } from "./support/members";
import { insertRouteFixtures, pathFor } from "./support/route-fixtures";
import { sampleQuery, validSample } from "./support/samples";

/**
 * Walks every API route the server registered (so a new route is covered without being listed here)
 * for every kind of caller, and checks each is let through or refused as its declared access says.
 * The expectations below are this test's own reading of the rules, not the server's code.
 */

type ActorName = "anonymous" | "guest" | "free" | "owner" | "other member" | "admin" | Restriction;
type Actor = { name: ActorName; token?: string; role?: Role; restriction?: Restriction };

/** What the access hook answers: these codes with their generic messages (a service's own 403 says why). */
const REFUSAL_CODES = ["unauthenticated", "forbidden", "account_restricted", "account_limited"] as const;
function isAccessRefusal(error: { code?: string; message?: string } | undefined): boolean {
  const code = REFUSAL_CODES.find((refusal) => refusal === error?.code);
  return code !== undefined && error?.message === ERROR_MESSAGES[code];
}
const READS = new Set(["GET", "HEAD"]);

type Expectation =
  | { kind: "refused"; status: 401 | 403; code: ErrorCode }
  | { kind: "not owner" }
  | { kind: "allowed" };

function expectationFor(route: ApiRoute, actor: Actor): Expectation {
  const { access } = route;
  if (access.actor === "public") return { kind: "allowed" };
  const member = actor.role !== undefined;
  if (!member && actor.name === "anonymous" && access.actor !== "visitor") {
    return { kind: "refused", status: 401, code: "unauthenticated" };
  }
  if (!member && (access.actor === "member" || access.actor === "admin")) {
    return { kind: "refused", status: 403, code: "forbidden" };
  }
  if (access.actor === "admin" && actor.role !== "admin")
    return { kind: "refused", status: 403, code: "forbidden" };
  if (actor.restriction && access.restricted !== "allowed") {
    if (actor.restriction !== "limited_access")
      return { kind: "refused", status: 403, code: "account_restricted" };
    if (!READS.has(route.method)) return { kind: "refused", status: 403, code: "account_limited" };
  }
  if (access.permission) {
    const held = permissionsFor(actor.role ?? "guest", actor.restriction ?? null);
    if (!held.includes(access.permission)) {
      return actor.name === "anonymous"
        ? { kind: "refused", status: 401, code: "unauthenticated" }
        : { kind: "refused", status: 403, code: "forbidden" };
    }
  }
  if (access.owner === "or_admin" && actor.role === "admin") return { kind: "allowed" };
  if (access.owner && actor.name !== "owner") return { kind: "not owner" };
  return { kind: "allowed" };
}

describe("every API route, for every kind of caller", () => {
  let server: TestServer;
  const actors: Actor[] = [];
  const ids: Record<string, string> = {};

  async function member(
    name: ActorName,
    role: Exclude<Role, "guest">,
    restriction?: Restriction,
  ): Promise<Actor> {
    const signed = await signUp(server);
    await updateUser(server, signed.user.id, {
      role,
      restriction: restriction ?? null,
      username: uniqueUsername(),
    });
    ids[`user:${name}`] = signed.user.id;
    return { name, token: signed.token, role, ...(restriction ? { restriction } : {}) };
  }

  beforeAll(async () => {
    server = await startServer({ AUTH_RATE_LIMIT_MAX: "1000", ADMIN_PASSWORD: "route-matrix-admin" });
    const owner = await member("owner", "premium");
    actors.push(
      { name: "anonymous" },
      { name: "guest", token: await guestToken(server) },
      await member("free", "free"),
      await member("other member", "premium"),
      await member("admin", "admin"),
      await member("limited_access", "premium", "limited_access"),
      await member("temporary_restriction", "premium", "temporary_restriction"),
      await member("complete_restriction", "premium", "complete_restriction"),
      owner, // last: its deletes remove the fixtures
    );
    Object.assign(ids, await insertRouteFixtures(server, ids["user:owner"] ?? ""));
  });

  afterAll(async () => {
    await server?.close();
  });

  /**
   * Reads first, then changes, then deletes, then the caller's own account removal (its sample password is
   * wrong, so the account stays), and ending every session of the caller (its token stops working) last.
   */
  function ordered(routes: readonly ApiRoute[]): ApiRoute[] {
    const rank = (route: ApiRoute) =>
      route.url === "/api/auth/logout-all"
        ? 4
        : route.url === "/api/users" && route.method === "DELETE"
          ? 3
          : route.method === "DELETE"
            ? 2
            : READS.has(route.method)
              ? 0
              : 1;
    return [...routes].filter((route) => route.method !== "HEAD").sort((a, b) => rank(a) - rank(b));
  }

  it("finds the routes from the server's own registrations", () => {
    const routes = apiRoutesOf(server.app);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((route) => `${route.method} ${route.url}`)).toContain("POST /api/generate");
  });

  it("lets through and refuses each caller as the route's declared access says", async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const actor of actors) {
      for (const route of ordered(apiRoutesOf(server.app))) {
        const expectation = expectationFor(route, actor);
        // A valid request, so that only access and ownership can refuse it.
        const query = sampleQuery(route.schema.querystring);
        const body = route.schema.body ? validSample(route.schema.body) : undefined;
        const response = await call(server, `${pathFor(route.url, ids)}${query ? `?${query}` : ""}`, {
          method: route.method,
          ...(actor.token ? { token: actor.token } : {}),
          ...(body === undefined ? {} : { body }),
        });
        const error = (response.body as { error?: { code?: ErrorCode; message?: string } }).error;
        const code = error?.code;
        const where = `${actor.name}: ${route.method} ${route.url} answered ${response.status} ${code ?? ""}`;
        checked++;
        if (response.status >= 500) failures.push(`${where} (a server error)`);
        else if (expectation.kind === "refused") {
          if (response.status !== expectation.status || code !== expectation.code) {
            failures.push(`${where}, expected ${expectation.status} ${expectation.code}`);
          }
        } else if (expectation.kind === "not owner") {
          if (![403, 404].includes(response.status))
            failures.push(`${where}, expected 403 or 404 (not the owner)`);
        } else if (route.access.actor !== "public" && isAccessRefusal(error)) {
          failures.push(`${where}, expected to be let through`);
        } else if (code === "invalid_token" || code === "invalid_account") {
          // An earlier route ended the caller's session: every later check would be void.
          failures.push(`${where}, the caller's session no longer works`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(40 * actors.length);
    // Every route for every caller, one after another: about 35 s on a busy 2-core machine.
  }, 180_000);
});
