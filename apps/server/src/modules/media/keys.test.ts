import { describe, expect, it } from "vitest";
import { assertMediaKey, isMediaKey, mediaKeyContentType, newMediaKey } from "./keys";

const UUID = "0b6c7a1e-3f4d-4a5b-8c9d-0e1f2a3b4c5d";

describe("media keys", () => {
  it("makes keys of each kind that validate, with their content type", () => {
    const image = newMediaKey("images", "png");
    expect(image).toMatch(/^images\/[0-9a-f-]{36}\.png$/);
    expect(mediaKeyContentType(image)).toBe("image/png");
    expect(mediaKeyContentType(newMediaKey("images", "webp"))).toBe("image/webp");
    expect(mediaKeyContentType(newMediaKey("loras", "safetensors"))).toBe("application/octet-stream");
    expect(newMediaKey("images", "png")).not.toBe(image);
  });

  it.each([
    "",
    `images/${UUID}`,
    `images/${UUID}.exe`,
    `images/${UUID}.safetensors`,
    `loras/${UUID}.png`,
    `other/${UUID}.png`,
    `images/../${UUID}.png`,
    `../images/${UUID}.png`,
    `/images/${UUID}.png`,
    `images//${UUID}.png`,
    `images/${UUID}.png/..`,
    `images/${UUID.toUpperCase()}.png`,
    `images/${UUID}.png\0`,
    `images\\${UUID}.png`,
    `images/%2e%2e/${UUID}.png`,
    "images/not-a-uuid.png",
  ])("refuses %j", (key) => {
    expect(isMediaKey(key)).toBe(false);
    expect(() => assertMediaKey(key)).toThrow(/Not a media key/);
  });

  it("accepts a server-made key", () => {
    expect(isMediaKey(`images/${UUID}.png`)).toBe(true);
    expect(() => assertMediaKey(`loras/${UUID}.safetensors`)).not.toThrow();
  });
});
