import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./harness";

const HSTS = "max-age=31536000; includeSubDomains";

/** Servers: plain http; behind a trusted proxy on loopback; public at an https address. */
let plain: TestServer;
let proxied: TestServer;
let publicHttps: TestServer;
/** Stripe configured: its script, frames and API join the Content-Security-Policy. */
let withStripe: TestServer;

beforeAll(async () => {
  plain = await startServer({ MODEL_REF: "none" });
  proxied = await startServer({ MODEL_REF: "none", TRUST_PROXY: "loopback" });
  publicHttps = await startServer({ MODEL_REF: "none", PUBLIC_URL: "https://chat.example.com" });
  withStripe = await startServer({
    MODEL_REF: "none",
    STRIPE_SECRET_KEY: "sk_test_hearth",
    STRIPE_PUBLISHABLE_KEY: "pk_test_hearth",
    STRIPE_WEBHOOK_SECRET: "whsec_hearth",
  });
});

afterAll(async () => {
  await plain?.close();
  await proxied?.close();
  await publicHttps?.close();
  await withStripe?.close();
});

async function headersOf(server: TestServer, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers });
  await response.arrayBuffer();
  return response.headers;
}

describe("Strict-Transport-Security", () => {
  it("is never sent over plain http, even when a client claims https without a trusted proxy", async () => {
    expect((await headersOf(plain, "/api/health")).get("strict-transport-security")).toBeNull();
    const forged = await headersOf(plain, "/api/health", { "x-forwarded-proto": "https" });
    expect(forged.get("strict-transport-security")).toBeNull();
    // A trusted proxy that received plain http says so.
    const viaHttp = await headersOf(proxied, "/api/health", { "x-forwarded-proto": "http" });
    expect(viaHttp.get("strict-transport-security")).toBeNull();
    expect((await headersOf(proxied, "/api/health")).get("strict-transport-security")).toBeNull();
  });

  it("is sent when a trusted proxy received the request over https", async () => {
    const viaHttps = await headersOf(proxied, "/api/health", { "x-forwarded-proto": "https" });
    expect(viaHttps.get("strict-transport-security")).toBe(HSTS);
  });

  it("is sent on every response when PUBLIC_URL is https (TLS ends at a proxy in front)", async () => {
    for (const path of ["/api/health", "/api/users/me", "/api/no-such-route", "/some/page"]) {
      expect((await headersOf(publicHttps, path)).get("strict-transport-security"), path).toBe(HSTS);
    }
  });
});

describe("Permissions-Policy", () => {
  it("denies the features the app does not use, keeps microphone and payment for the app itself", async () => {
    for (const server of [plain, publicHttps]) {
      for (const path of ["/api/health", "/api/users/me", "/some/page"]) {
        const policy = (await headersOf(server, path)).get("permissions-policy") ?? "";
        const directives = new Map(
          policy.split(",").map((entry) => {
            const [feature = "", allow = ""] = entry.trim().split("=");
            return [feature, allow] as const;
          }),
        );
        for (const denied of [
          "camera",
          "geolocation",
          "usb",
          "browsing-topics",
          "display-capture",
          "serial",
        ]) {
          expect(directives.get(denied), `${path}: ${denied}`).toBe("()");
        }
        expect(directives.get("microphone"), path).toBe("(self)");
        expect(directives.get("payment"), path).toBe("(self)");
      }
    }
  });

  it("comes with the other security headers", async () => {
    const headers = await headersOf(plain, "/api/health");
    expect(headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("Content-Security-Policy and Stripe", () => {
  const directivesOf = (policy: string) =>
    new Map(
      policy.split(";").map((entry) => {
        const [name = "", ...sources] = entry.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );

  it("allows Stripe's script, frames and API when Stripe is configured", async () => {
    for (const path of ["/api/health", "/checkout", "/some/page"]) {
      const policy = (await headersOf(withStripe, path)).get("content-security-policy") ?? "";
      const directives = directivesOf(policy);
      expect(directives.get("default-src"), path).toEqual(["'self'"]);
      expect(directives.get("script-src"), path).toEqual(["'self'", "https://js.stripe.com"]);
      expect(directives.get("frame-src"), path).toEqual([
        "'self'",
        "https://js.stripe.com",
        "https://hooks.stripe.com",
      ]);
      expect(directives.get("connect-src"), path).toEqual(["'self'", "https://api.stripe.com"]);
      expect(directives.get("frame-ancestors"), path).toEqual(["'none'"]);
    }
  });

  it("names no Stripe origin without Stripe", async () => {
    for (const server of [plain, publicHttps]) {
      for (const path of ["/api/health", "/checkout", "/some/page"]) {
        const policy = (await headersOf(server, path)).get("content-security-policy") ?? "";
        expect(policy, path).not.toContain("stripe.com");
        const directives = directivesOf(policy);
        expect(directives.get("script-src"), path).toEqual(["'self'"]);
        expect(directives.has("frame-src"), path).toBe(false);
        expect(directives.has("connect-src"), path).toBe(false);
      }
    }
  });
});
