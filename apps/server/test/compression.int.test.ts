import { readdirSync } from "node:fs";
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AVATARS_DIR } from "../src/paths";
import { startServer, type TestServer } from "./harness";

type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer };

/** A GET with exactly the headers given (fetch would add its own accept-encoding and decode the body). */
function rawGet(server: TestServer, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.bytes).toString("utf8");
  if (encoding === "gzip") return gunzipSync(answer.bytes).toString("utf8");
  return answer.bytes.toString("utf8");
}

const CHARACTERS = "/api/characters?sort=newest&limit=24";

describe("compressed answers", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: "true" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("sends a JSON answer over 1 KB as brotli or gzip, as the client accepts, with the same content", async () => {
    const plain = await rawGet(server, CHARACTERS, {});
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(1024);
    const content = JSON.parse(plain.bytes.toString("utf8"));

    const brotli = await rawGet(server, CHARACTERS, { "accept-encoding": "gzip, deflate, br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.bytes.length).toBeLessThan(plain.bytes.length / 2);
    expect(JSON.parse(decoded(brotli))).toEqual(content);

    const gzip = await rawGet(server, CHARACTERS, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(decoded(gzip))).toEqual(content);

    const identity = await rawGet(server, CHARACTERS, { "accept-encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
  });

  it("leaves short answers as they are", async () => {
    for (const path of ["/api/health", "/api/queue"]) {
      const answer = await rawGet(server, path, { "accept-encoding": "br, gzip" });
      expect(answer.status, path).toBe(200);
      expect(answer.headers["content-encoding"], path).toBeUndefined();
      expect(() => JSON.parse(answer.bytes.toString("utf8")), path).not.toThrow();
    }
  });

  it("compresses the seed avatars (SVG) and keeps their long cache", async () => {
    const file = readdirSync(AVATARS_DIR).find((name) => name.endsWith(".svg"));
    expect(file).toBeTruthy();
    const plain = await rawGet(server, `/avatars/${file}`, {});
    const gzip = await rawGet(server, `/avatars/${file}`, { "accept-encoding": "gzip" });
    expect(gzip.status).toBe(200);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["cache-control"]).toBe("public, max-age=2592000");
    expect(gzip.headers["content-type"]).toMatch(/image\/svg\+xml/);
    expect(gzip.bytes.length).toBeLessThan(plain.bytes.length);
    expect(decoded(gzip)).toBe(plain.bytes.toString("utf8"));
  });
});
