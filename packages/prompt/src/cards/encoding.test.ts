import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base64ToBytes, bytesToBase64, utf8Decode, utf8Encode } from "./encoding";

// The runtime's own codecs, used only as a reference to compare against.
const platform = globalThis as unknown as {
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new () => { decode(bytes: Uint8Array): string };
};

describe("utf8", () => {
  it("encodes one to four byte characters", () => {
    expect([...utf8Encode("a©€😀")]).toEqual([0x61, 0xc2, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80]);
    expect(utf8Decode(new Uint8Array([0x61, 0xc2, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80]))).toBe(
      "a©€😀",
    );
  });

  it("replaces lone surrogates and invalid sequences with U+FFFD", () => {
    expect(utf8Decode(utf8Encode("a\ud800b\udc00"))).toBe("a\ufffdb\ufffd");
    expect(utf8Decode(new Uint8Array([0xff, 0x61, 0xe2, 0x82, 0x61, 0xc0, 0xaf, 0xf0, 0x9f]))).toBe(
      "\ufffda\ufffda\ufffd\ufffd\ufffd",
    );
  });

  it("matches the platform TextEncoder on any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 30 }), (text) => {
        expect([...utf8Encode(text)]).toEqual([...new platform.TextEncoder().encode(text)]);
      }),
    );
  });

  it("matches the platform TextDecoder on any bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(utf8Decode(bytes)).toBe(new platform.TextDecoder().decode(bytes));
      }),
    );
  });

  it("handles long text", () => {
    const text = "星👩🏽‍🚀".repeat(20000);
    expect(utf8Decode(utf8Encode(text))).toBe(text);
  });
});

describe("base64", () => {
  it("matches the RFC 4648 vectors", () => {
    const vectors: [string, string][] = [
      ["", ""],
      ["f", "Zg=="],
      ["fo", "Zm8="],
      ["foo", "Zm9v"],
      ["foob", "Zm9vYg=="],
      ["fooba", "Zm9vYmE="],
      ["foobar", "Zm9vYmFy"],
    ];
    for (const [plain, encoded] of vectors) {
      expect(bytesToBase64(utf8Encode(plain))).toBe(encoded);
      expect(utf8Decode(base64ToBytes(encoded)!)).toBe(plain);
    }
  });

  it("tolerates whitespace, missing padding and the URL-safe alphabet", () => {
    expect(utf8Decode(base64ToBytes(" Zm9v\nYg ")!)).toBe("foob");
    expect([...base64ToBytes("-_8")!]).toEqual([0xfb, 0xff]);
  });

  it("rejects text that is not base64", () => {
    for (const text of ["Zm9v!", "Z", "Zm=9v", "Zg=", '{"name":1}', "===="]) {
      expect(base64ToBytes(text)).toBeNull();
    }
  });

  it("round trips any bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect([...base64ToBytes(bytesToBase64(bytes))!]).toEqual([...bytes]);
      }),
    );
  });
});
