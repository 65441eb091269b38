import { AVATAR_PRESETS, type AvatarUploadResponse, avatarUploadResponseSchema } from "@hearth/contracts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchBytes, testImage, upload } from "./characters-fixtures";
import { startServer, type TestServer } from "./harness";
import { expectError, guestToken, type SignedUp, signUp } from "./support/members";

describe("avatar uploads", () => {
  let server: TestServer;
  let member: SignedUp;

  beforeAll(async () => {
    server = await startServer({ AUTH_RATE_LIMIT_MAX: "1000", SEED_DEMO: "false" });
    member = await signUp(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("resizes PNG, JPEG, WebP and GIF images to every preset, served with a long cache", async () => {
    for (const format of ["png", "jpeg", "webp", "gif"] as const) {
      const response = await upload<AvatarUploadResponse>(server, "/api/uploads/avatar", {
        token: member.token,
        bytes: await testImage(900, 500, format),
        filename: `me.${format}`,
        type: `image/${format}`,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const body = avatarUploadResponseSchema.parse(response.body);
      expect(body.avatar_url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}-400\.webp$/);
      expect(Object.keys(body.sizes).sort()).toEqual(Object.keys(AVATAR_PRESETS).sort());
      expect(body.sizes["400"]).toBe(body.avatar_url);
      for (const [preset, url] of Object.entries(body.sizes)) {
        const file = await fetchBytes(server, url);
        expect(file.status).toBe(200);
        expect(file.headers.get("cache-control")).toContain("max-age=31536000");
        const metadata = await sharp(file.bytes).metadata();
        const expected = AVATAR_PRESETS[preset as keyof typeof AVATAR_PRESETS];
        expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
          format: "webp",
          ...expected,
        });
      }
    }
  });

  it("refuses non-images, oversized files, wrong fields and visitors with clear messages", async () => {
    const text = await upload(server, "/api/uploads/avatar", {
      token: member.token,
      bytes: new TextEncoder().encode("not an image"),
      filename: "me.png",
      type: "image/png",
    });
    expect(expectError(text, 400, "validation_error").message).toBe(
      "The file is not a PNG, JPEG, WebP or GIF image.",
    );

    const svg = await upload(server, "/api/uploads/avatar", {
      token: member.token,
      bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      filename: "me.svg",
      type: "image/svg+xml",
    });
    expectError(svg, 400, "validation_error");

    const huge = await upload(server, "/api/uploads/avatar", {
      token: member.token,
      bytes: new Uint8Array(5 * 1024 * 1024 + 10),
      filename: "big.png",
      type: "image/png",
    });
    expect(expectError(huge, 400, "validation_error").message).toBe(
      "The file is too large; the limit is 5 MB.",
    );

    const wrongField = await upload(server, "/api/uploads/avatar", {
      token: member.token,
      bytes: await testImage(10, 10),
      filename: "me.png",
      type: "image/png",
      field: "avatar",
    });
    expectError(wrongField, 400, "validation_error");

    const json = await fetch(`${server.url}/api/uploads/avatar`, {
      method: "POST",
      headers: { authorization: `Bearer ${member.token}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(400);

    const image = await testImage(10, 10);
    const anonymous = await upload(server, "/api/uploads/avatar", {
      bytes: image,
      filename: "a.png",
      type: "image/png",
    });
    expectError(anonymous, 401, "unauthenticated");
    const guest = await upload(server, "/api/uploads/avatar", {
      token: await guestToken(server),
      bytes: image,
      filename: "a.png",
      type: "image/png",
    });
    expectError(guest, 403, "forbidden");
    expect((await fetchBytes(server, "/uploads/avatars/missing-400.webp")).status).toBe(404);
  });
});
