import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ AUTH_RATE_LIMIT_MAX: "3" });
});
afterAll(async () => {
  await server?.close();
});

describe("auth rate limit", () => {
  it("answers 429 rate_limited after AUTH_RATE_LIMIT_MAX sign-in attempts a minute", async () => {
    const body = { email: "nobody@example.test", password: "wrong password" };
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await call(server, "/api/auth/login", { body })).status).toBe(401);
    }
    const limited = await call(server, "/api/auth/login", { body });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: { code: "rate_limited", message: "Too many attempts. Please wait a moment and try again." },
    });
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });

  it("does not limit routes outside sign-up, sign-in and guest creation", async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await call(server, "/api/config")).status).toBe(200);
    }
  });
});
