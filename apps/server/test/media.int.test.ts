import { request as httpRequest } from "node:http";
import { healthSchema } from "@hearth/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createObjectStore, createS3ObjectStore, newMediaKey } from "../src/modules/media/index";
import { fetchBytes, testImage } from "./characters-fixtures";
import { call, startServer, type TestServer } from "./harness";
import { type FakeS3, startFakeS3 } from "./support/fake-s3";

const UUID = "0b6c7a1e-3f4d-4a5b-8c9d-0e1f2a3b4c5d";

/** What every served object must carry, whichever store holds it. */
function expectServed(response: Awaited<ReturnType<typeof fetchBytes>>, bytes: Buffer, type: string) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe(type);
  expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(Buffer.compare(response.bytes, bytes)).toBe(0);
}

/** A GET sent with its path exactly as written (fetch would resolve `..` before sending). */
function rawGet(
  server: TestServer,
  path: string,
): Promise<{ status: number; cacheControl: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}/`, { path, method: "GET" }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, cacheControl: response.headers["cache-control"] }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

async function expectNotServed(server: TestServer, path: string) {
  const response = await rawGet(server, path);
  expect(response.status, path).toBe(404);
  expect(response.cacheControl).toBe("no-store");
}

describe("media on local disk (no S3_*)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it("says in /api/health that images are stored locally", async () => {
    const health = healthSchema.parse((await call(server, "/api/health")).body);
    expect(health.images.storage).toBe("local");
  });

  it("stores images under DATA_DIR/media and serves them at /media/<key>", async () => {
    const store = createObjectStore(server.config);
    expect(store.kind).toBe("local");
    const png = await testImage(32, 32, "png");
    const key = newMediaKey("images", "png");
    await store.put(key, png, "image/png");
    expectServed(await fetchBytes(server, `/media/${key}`), png, "image/png");

    await store.delete(key);
    await expectNotServed(server, `/media/${key}`);
    expect(await store.get(key)).toBeNull();
  });

  it("answers 404 for unknown keys, LoRA files and anything that is not a key", async () => {
    const store = createObjectStore(server.config);
    const lora = newMediaKey("loras", "safetensors");
    await store.put(lora, Buffer.from("weights"), "application/octet-stream");
    expect((await store.get(lora))?.bytes.toString()).toBe("weights");
    for (const path of [
      `/media/images/${UUID}.png`,
      `/media/${lora}`,
      "/media/images/../../pglite/PG_VERSION",
      "/media/images/%2e%2e/%2e%2e/pglite/PG_VERSION",
      "/media/..%2f..%2fpglite%2fPG_VERSION",
      "/media/",
      "/media/images/x.png",
    ]) {
      await expectNotServed(server, path);
    }
  });

  it("refuses to store under a key the server did not make", async () => {
    const store = createObjectStore(server.config);
    await expect(store.put("../escape.png", Buffer.from("x"), "image/png")).rejects.toThrow(
      /Not a media key/,
    );
    await expect(store.get("images/../../etc/passwd")).rejects.toThrow(/Not a media key/);
  });
});

describe("media on an S3-compatible store (S3_*)", () => {
  let s3: FakeS3;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startFakeS3();
    server = await startServer({
      S3_ENDPOINT: s3.url,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.credentials.region,
      S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    });
  });
  afterAll(async () => {
    await server.close();
    await s3.close();
  });

  it("says in /api/health that images are stored in S3", async () => {
    const health = healthSchema.parse((await call(server, "/api/health")).body);
    expect(health.images.storage).toBe("s3");
  });

  it("stores images in the bucket with signed path-style requests and serves them through /media", async () => {
    const store = createObjectStore(server.config);
    expect(store.kind).toBe("s3");
    const webp = await testImage(40, 24, "webp");
    const key = newMediaKey("images", "webp");
    await store.put(key, webp, "image/webp");
    expect(s3.objects.get(key)?.contentType).toBe("image/webp");
    expect(s3.requests.at(-1)).toEqual({ method: "PUT", path: `/${s3.bucket}/${key}`, status: 200 });

    expectServed(await fetchBytes(server, `/media/${key}`), webp, "image/webp");
    expect(s3.requests.at(-1)).toEqual({ method: "GET", path: `/${s3.bucket}/${key}`, status: 200 });

    await store.delete(key);
    expect(s3.objects.has(key)).toBe(false);
    expect(s3.requests.at(-1)?.method).toBe("DELETE");
    await expectNotServed(server, `/media/${key}`);
    expect(s3.requests.at(-1)).toEqual({ method: "GET", path: `/${s3.bucket}/${key}`, status: 404 });
    // Every request the app sent carried a valid signature.
    expect(s3.requests.every((request) => request.status !== 403)).toBe(true);
  });

  it("is refused by the store with a wrong secret (the fake really checks signatures)", async () => {
    const wrong = createS3ObjectStore({
      endpoint: s3.url,
      bucket: s3.bucket,
      region: s3.credentials.region,
      accessKeyId: s3.credentials.accessKeyId,
      secretAccessKey: "not-the-secret",
    });
    await expect(wrong.put(newMediaKey("images", "png"), Buffer.from("x"), "image/png")).rejects.toThrow(
      /403.*SignatureDoesNotMatch/,
    );
    const wrongRegion = createS3ObjectStore({
      endpoint: s3.url,
      bucket: s3.bucket,
      region: "us-east-1",
      accessKeyId: s3.credentials.accessKeyId,
      secretAccessKey: s3.credentials.secretAccessKey,
    });
    await expect(wrongRegion.get(newMediaKey("images", "png"))).rejects.toThrow(/403/);
    expect(s3.requests.at(-1)?.status).toBe(403);
  });

  it("serves a stored image a second instance put (the store is shared, nothing is on local disk)", async () => {
    const other = createS3ObjectStore(server.config.s3 ?? expect.fail("no s3 config"));
    const png = await testImage(8, 8, "png");
    const key = newMediaKey("images", "png");
    await other.put(key, png, "image/png");
    expectServed(await fetchBytes(server, `/media/${key}`), png, "image/png");
  });
});
