import { randomUUID } from "node:crypto";
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

/** A failed sign-in (a fresh unknown email each time) as sent through a proxy saying `forwardedFor`. */
async function loginVia(target: TestServer, forwardedFor: string): Promise<number> {
  const response = await fetch(`${target.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
    body: JSON.stringify({ email: `nobody-${randomUUID()}@example.test`, password: "wrong password" }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe("client addresses behind a reverse proxy (TRUST_PROXY)", () => {
  it("keeps a bucket per X-Forwarded-For client when the proxy is trusted", async () => {
    // The tests connect from 127.0.0.1, standing in for the proxy.
    const proxied = await startServer({ AUTH_RATE_LIMIT_MAX: "3", TRUST_PROXY: "127.0.0.1" });
    try {
      for (let attempt = 0; attempt < 3; attempt++) expect(await loginVia(proxied, "203.0.113.1")).toBe(401);
      expect(await loginVia(proxied, "203.0.113.1")).toBe(429);
      // A client cannot step out of its bucket by sending its own X-Forwarded-For: the proxy appends the
      // address it saw, and the right-most address the trusted proxy did not vouch for is the client.
      expect(await loginVia(proxied, "198.51.100.9, 203.0.113.1")).toBe(429);
      expect(await loginVia(proxied, "203.0.113.2")).toBe(401);
      expect(await loginVia(proxied, "2001:db8::2")).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it("ignores X-Forwarded-For without TRUST_PROXY, so a spoofed header cannot escape the limit", async () => {
    const direct = await startServer({ AUTH_RATE_LIMIT_MAX: "3" });
    try {
      for (let attempt = 0; attempt < 3; attempt++)
        expect(await loginVia(direct, `203.0.113.${attempt}`)).toBe(401);
      expect(await loginVia(direct, "203.0.113.99")).toBe(429);
      expect(await loginVia(direct, "198.51.100.1")).toBe(429);
    } finally {
      await direct.close();
    }
  });
});
