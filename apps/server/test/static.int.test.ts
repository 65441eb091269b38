import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AVATARS_DIR } from "../src/paths";
import { call, startServer, type TestServer } from "./harness";

const INDEX_HTML = "<!doctype html><html><head></head><body><div id=root></div></body></html>";

describe("web app, SPA fallback and API 404s", () => {
  let server: TestServer;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), "hearth-web-dist-"));
    mkdirSync(join(webDist, "assets"));
    writeFileSync(join(webDist, "index.html"), INDEX_HTML);
    writeFileSync(join(webDist, "assets", "x.js"), "console.log('x');");
    writeFileSync(join(webDist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    server = await startServer({ WEB_DIST: webDist, SEED_DEMO: "false" });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("serves index.html with the app config at / and for client-side routes, never cached", async () => {
    const config = (await call(server, "/api/config")).body;
    for (const path of ["/", "/chat/5b0f1f5e-2f7c-4a37-9b7e-0c2f4d1e9a11", "/profile?tab=x"]) {
      const response = await call(server, path);
      expect(response.status).toBe(200);
      const html = String(response.body);
      const block = /<head><script id="app-config" type="application\/json">(.*)<\/script><\/head>/.exec(
        html,
      );
      expect(JSON.parse(block?.[1] ?? "null")).toEqual(config);
      expect(html.replace(block?.[0] ?? "", "<head></head>")).toBe(INDEX_HTML);
      expect(response.headers.get("content-type")).toMatch(/text\/html/);
      expect(response.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("serves hashed assets as immutable and other files revalidated", async () => {
    const asset = await call(server, "/assets/x.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-type")).toMatch(/javascript/);
    const icon = await call(server, "/favicon.svg");
    expect(icon.headers.get("cache-control")).toBe("no-cache");
    expect((await call(server, "/assets/missing.js")).status).toBe(404);
  });

  it("answers unknown API routes with the 404 error shape", async () => {
    for (const [path, method] of [
      ["/api/nope", "GET"],
      ["/api", "GET"],
      ["/api/auth/nope", "POST"],
    ] as const) {
      const response = await call(server, path, { method });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: { code: "not_found", message: "Not found." } });
    }
  });

  it("sets the security headers", async () => {
    const response = await call(server, "/");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBeTruthy();
  });

  it("serves seed avatars with a long cache", async () => {
    const file = readdirSync(AVATARS_DIR).find((name) => name.endsWith(".svg"));
    if (!file) return;
    const response = await call(server, `/avatars/${file}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/image\/svg\+xml/);
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d{6,}/);
    expect((await call(server, "/avatars/missing.svg")).status).toBe(404);
  });
});

describe("without a built web app", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: "false" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers / with a hint to build the web app", async () => {
    const response = await call<string>(server, "/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/plain/);
    expect(response.body).toMatch(/npm run build -w @hearth\/web/);
    expect((await call(server, "/api/nope")).status).toBe(404);
  });
});
