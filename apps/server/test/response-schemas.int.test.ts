import * as contracts from "@hearth/contracts";
import { errorBodySchema } from "@hearth/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodType } from "zod";
import { noContent, RESPONSE_SCHEMA_EXEMPTIONS } from "../src/http/response-schemas";
import { type ApiRoute, apiRoutesOf } from "../src/http/route-access-hooks";
import { startServer, type TestServer } from "./harness";

/**
 * Every API route the server registered (so a new one is covered without being listed here) declares a
 * response schema from the contracts for its success statuses, except the answers listed, with their
 * reason, in RESPONSE_SCHEMA_EXEMPTIONS; and every one answers errors with the contracts' error body.
 * What the schemas do to an answer (unknown fields stripped, wrong values refused) is shown in
 * src/http/response-schemas.test.ts.
 */

const CONTRACT_SCHEMAS = new Set<unknown>([...Object.values(contracts), noContent]);
const name = (route: Pick<ApiRoute, "method" | "url">) => `${route.method} ${route.url}`;
const isSuccess = (status: string) => /^2(\d\d|xx)$/.test(status);

describe("response schemas of every API route", () => {
  let server: TestServer;
  let routes: readonly ApiRoute[];
  beforeAll(async () => {
    server = await startServer();
    // HEAD routes are Fastify's copies of GET routes, with the same schemas and no body.
    routes = apiRoutesOf(server.app).filter((route) => route.method !== "HEAD");
  });
  afterAll(async () => {
    await server?.close();
  });

  it("finds the routes", () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it("declare a contract schema for their success statuses, or are a listed exemption", () => {
    const problems: string[] = [];
    for (const route of routes) {
      const response = route.schema.response ?? {};
      const successes = Object.keys(response).filter(isSuccess);
      const exemptions = RESPONSE_SCHEMA_EXEMPTIONS.filter((exempt) => name(exempt) === name(route));
      if (successes.length === 0 && exemptions.length === 0) {
        problems.push(`${name(route)}: no response schema for a success status`);
      }
      for (const status of successes) {
        const schema = response[status];
        if (!(schema instanceof ZodType)) problems.push(`${name(route)} ${status}: not a zod schema`);
        else if (!CONTRACT_SCHEMAS.has(schema)) {
          problems.push(`${name(route)} ${status}: a schema of its own, not one the contracts export`);
        }
        if (exemptions.some((exempt) => String(exempt.status) === status)) {
          problems.push(`${name(route)} ${status}: both declared and listed as an exemption`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("answer errors with the contracts' error body", () => {
    const problems = routes
      .filter((route) => route.schema.response?.["4xx"] !== errorBodySchema)
      .concat(routes.filter((route) => route.schema.response?.["5xx"] !== errorBodySchema))
      .map(name);
    expect(problems).toEqual([]);
  });

  it("list only exemptions that exist, each with its reason", () => {
    const registered = new Set(routes.map(name));
    for (const exempt of RESPONSE_SCHEMA_EXEMPTIONS) {
      expect(registered.has(name(exempt)), name(exempt)).toBe(true);
      expect(exempt.reason.length).toBeGreaterThan(20);
    }
  });
});
