import pngText from "png-chunk-text";
import encodeChunks from "png-chunks-encode";
import extractChunks, { type PngChunk } from "png-chunks-extract";
import { describe, expect, it } from "vitest";
import { toCardV2 } from "./convert";
import { bytesToBase64 } from "./encoding";
import { CardError, type CardErrorCode } from "./errors";
import { readCardFromPng, writeCardToPng } from "./png";
import type { CardV2 } from "./schema";
import { richCardV2, richCardV3, TINY_PNG } from "./test-fixtures";

// The runtime's encoder, so embedded cards are built independently of the code under test.
const platform = globalThis as unknown as { TextEncoder: new () => { encode(text: string): Uint8Array } };

function embedded(json: string): string {
  return bytesToBase64(new platform.TextEncoder().encode(json));
}

/** TINY_PNG with extra chunks inserted before IEND. */
function pngWith(...extra: PngChunk[]): Uint8Array {
  const chunks = extractChunks(TINY_PNG);
  const end = chunks.pop()!;
  return encodeChunks([...chunks, ...extra, end]);
}

function textChunks(png: Uint8Array): { keyword: string; text: string }[] {
  return extractChunks(png)
    .filter((chunk) => chunk.name === "tEXt")
    .map((chunk) => pngText.decode(chunk.data));
}

function errorCode(action: () => unknown): { code: CardErrorCode; message: string } {
  try {
    action();
  } catch (error) {
    if (error instanceof CardError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a CardError");
}

function namedCard(name: string): CardV2 {
  const card = richCardV2();
  card.data.name = name;
  return card;
}

describe("PNG cards", () => {
  it("round trips a V2 card", () => {
    const card = richCardV2();
    const png = writeCardToPng(TINY_PNG, card);
    expect(readCardFromPng(png)).toEqual({ spec: "v2", card });
    expect(writeCardToPng(TINY_PNG, readCardFromPng(png).card)).toEqual(png);
    expect(textChunks(png).map((chunk) => chunk.keyword)).toEqual(["chara"]);
  });

  it("round trips a V3 card, with its V2 form in chara", () => {
    const card = richCardV3();
    const png = writeCardToPng(TINY_PNG, card);
    expect(readCardFromPng(png)).toEqual({ spec: "v3", card });
    expect(writeCardToPng(TINY_PNG, readCardFromPng(png).card)).toEqual(png);
    const [chara, ccv3] = textChunks(png);
    expect(chara?.keyword).toBe("chara");
    expect(ccv3?.keyword).toBe("ccv3");
    expect(readCardFromPng(pngWith(pngText.encode("chara", chara!.text)))).toEqual({
      spec: "v2",
      card: toCardV2(card),
    });
  });

  it("keeps the image and other chunks, and puts the card just before IEND", () => {
    const source = pngWith(pngText.encode("Comment", "made by hand"));
    const png = writeCardToPng(source, richCardV3());
    const names = extractChunks(png).map((chunk) => chunk.name);
    expect(names).toEqual(["IHDR", "IDAT", "tEXt", "tEXt", "tEXt", "IEND"]);
    expect(extractChunks(png).slice(0, 3)).toEqual(extractChunks(source).slice(0, 3));
  });

  it("replaces a card already in the image", () => {
    const withV3 = writeCardToPng(TINY_PNG, richCardV3());
    const png = writeCardToPng(withV3, namedCard("Replacement"));
    expect(textChunks(png).map((chunk) => chunk.keyword)).toEqual(["chara"]);
    expect(readCardFromPng(png).card.data.name).toBe("Replacement");
    expect(writeCardToPng(withV3, richCardV3())).toEqual(withV3);
  });

  it("prefers ccv3 over chara wherever they are", () => {
    const v3 = richCardV3();
    const chara = pngText.encode("chara", embedded(JSON.stringify(namedCard("From chara"))));
    const ccv3 = pngText.encode("ccv3", embedded(JSON.stringify(v3)));
    expect(readCardFromPng(pngWith(chara, ccv3))).toEqual({ spec: "v3", card: v3 });
    expect(readCardFromPng(pngWith(ccv3, chara))).toEqual({ spec: "v3", card: v3 });
  });

  it("falls back to chara when ccv3 is unreadable, and reports ccv3's error when both are", () => {
    const chara = pngText.encode("chara", embedded(JSON.stringify(namedCard("From chara"))));
    const brokenV3 = pngText.encode("ccv3", embedded("{oops"));
    expect(readCardFromPng(pngWith(brokenV3, chara)).card.data.name).toBe("From chara");
    const brokenV2 = pngText.encode("chara", "***");
    expect(errorCode(() => readCardFromPng(pngWith(brokenV3, brokenV2)))).toEqual({
      code: "invalid_card",
      message: "The character card is not valid JSON.",
    });
  });

  it("reads cards written by other apps: a V1 card, unicode, an upper-case keyword", () => {
    const v1 = { name: "Ünïcødé 星 👩🏽‍🚀 שלום", description: "e\u0301", first_mes: "Hi" };
    const parsed = readCardFromPng(pngWith(pngText.encode("Chara", embedded(JSON.stringify(v1)))));
    expect(parsed.spec).toBe("v1");
    expect(parsed.card.data.name).toBe(v1.name);
    expect(parsed.card.data.description).toBe(v1.description);
  });

  it("snapshots a small card PNG", () => {
    const card: CardV2 = {
      spec: "chara_card_v2",
      spec_version: "2.0",
      data: {
        name: "Mira",
        description: "A cheerful cartographer.",
        personality: "",
        scenario: "",
        first_mes: "Where to today?",
        mes_example: "",
        creator_notes: "",
        system_prompt: "",
        post_history_instructions: "",
        alternate_greetings: [],
        tags: [],
        creator: "",
        character_version: "",
        extensions: {},
      },
    };
    expect(bytesToBase64(writeCardToPng(TINY_PNG, card))).toMatchSnapshot();
  });

  describe("malformed input", () => {
    const carded = writeCardToPng(TINY_PNG, richCardV2());

    function withFlippedByte(bytes: Uint8Array, index: number): Uint8Array {
      const copy = bytes.slice();
      copy[index] = copy[index]! ^ 0xff;
      return copy;
    }

    function withLength(bytes: Uint8Array, offset: number, length: number): Uint8Array {
      const copy = bytes.slice();
      new DataView(copy.buffer).setUint32(offset, length);
      return copy;
    }

    it.each<[string, Uint8Array, CardErrorCode, string]>([
      [
        "text that is not a PNG",
        new Uint8Array([104, 101, 108, 108, 111]),
        "invalid_png",
        "This file is not a PNG image.",
      ],
      ["an empty file", new Uint8Array(0), "invalid_png", "This file is not a PNG image."],
      [
        "a JPEG",
        new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]),
        "invalid_png",
        "This file is not a PNG image.",
      ],
      ["a PNG cut short", TINY_PNG.slice(0, 50), "invalid_png", "This PNG image is damaged or incomplete."],
      [
        "a PNG without IEND",
        TINY_PNG.slice(0, TINY_PNG.length - 12),
        "invalid_png",
        "This PNG image is damaged or incomplete.",
      ],
      [
        "a card PNG cut inside the card",
        carded.slice(0, carded.length - 200),
        "invalid_png",
        "This PNG image is damaged or incomplete.",
      ],
      [
        "a bad CRC in the image data",
        withFlippedByte(TINY_PNG, 45),
        "invalid_png",
        "This PNG image is damaged or incomplete.",
      ],
      [
        "a bad CRC in the card chunk",
        withFlippedByte(carded, 100),
        "invalid_png",
        "This PNG image is damaged or incomplete.",
      ],
      [
        "a huge chunk length",
        withLength(TINY_PNG, 33, 0xfffffff0),
        "invalid_png",
        "This PNG image is damaged or incomplete.",
      ],
      ["a PNG without a card", TINY_PNG, "no_card", "This PNG has no character card in it."],
      [
        "a chara chunk that is not base64",
        pngWith(pngText.encode("chara", "this is not base64!")),
        "invalid_card",
        "The character card in this PNG is damaged (not base64 data).",
      ],
      [
        "a chara chunk that is not JSON",
        pngWith(pngText.encode("chara", embedded("not json"))),
        "invalid_card",
        "The character card is not valid JSON.",
      ],
      [
        "a card without a name",
        pngWith(pngText.encode("chara", embedded('{"spec":"chara_card_v2","data":{"description":"x"}}'))),
        "invalid_card",
        "The card is missing a name.",
      ],
      [
        "a card with an unknown spec",
        pngWith(pngText.encode("ccv3", embedded('{"spec":"chara_card_v4","data":{"name":"A"}}'))),
        "unsupported_spec",
        'This character card uses "chara_card_v4", which Hearth cannot read. Use a Character Card V1, V2 or V3.',
      ],
    ])("reading %s fails clearly", (_label, bytes, code, message) => {
      expect(errorCode(() => readCardFromPng(bytes))).toEqual({ code, message });
    });

    it("writing into something that is not a PNG fails", () => {
      expect(errorCode(() => writeCardToPng(new Uint8Array([1, 2, 3]), richCardV2())).code).toBe(
        "invalid_png",
      );
      expect(errorCode(() => writeCardToPng(TINY_PNG.slice(0, 40), richCardV2())).code).toBe("invalid_png");
    });

    it("writing an invalid card fails", () => {
      expect(errorCode(() => writeCardToPng(TINY_PNG, namedCard(""))).code).toBe("invalid_card");
    });
  });
});
