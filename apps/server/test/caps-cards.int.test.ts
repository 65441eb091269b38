import { CARD_EXTRAS_MAX_BYTES, type OwnCharacter, type OwnCharacterCard } from "@hearth/contracts";
import { CARD_MAX_DEPTH, parseCardJson, writeCardToPng } from "@hearth/prompt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchBytes, testImage, upload } from "./characters-fixtures";
import { call, startServer, type TestServer } from "./harness";
import { expectError, type SignedUp, signUp } from "./support/members";

let server: TestServer;
let member: SignedUp;

beforeAll(async () => {
  server = await startServer({ AUTH_RATE_LIMIT_MAX: "1000", SEED_DEMO: "false" });
  member = await signUp(server);
});

afterAll(async () => {
  await server?.close();
});

const importFile = (bytes: Uint8Array, filename: string, type: string) =>
  upload<OwnCharacter>(server, "/api/characters/import?switch=T1", {
    token: member.token,
    bytes,
    filename,
    type,
  });
const myCount = async () =>
  (await call<{ data: OwnCharacterCard[] }>(server, "/api/users/characters", { token: member.token })).body
    .data.length;
const deepLists = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const DEEP_MESSAGE = `The character card is nested too deeply (more than ${CARD_MAX_DEPTH} levels).`;

describe("card import caps", () => {
  it("answers 400, not 500, for a JSON card nested thousands of levels deep, and creates nothing", async () => {
    const before = await myCount();
    for (const depth of [100, 5_000, 100_000]) {
      const text = `{"spec":"chara_card_v2","data":{"name":"Deep","extensions":{"deep":${deepLists(depth)}}}}`;
      const response = await importFile(new TextEncoder().encode(text), "deep.json", "application/json");
      expect(expectError(response, 400, "validation_error").message, `depth ${depth}`).toBe(DEEP_MESSAGE);
    }
    const unknownField = `{"spec":"chara_card_v3","data":{"name":"Deep","whatever":{"a":${deepLists(5_000)}}}}`;
    const response = await importFile(
      new TextEncoder().encode(unknownField),
      "deep.json",
      "application/json",
    );
    expect(expectError(response, 400, "validation_error").message).toBe(DEEP_MESSAGE);
    expect(await myCount()).toBe(before);
  });

  it("cleans control characters and lone surrogates anywhere in a card instead of failing", async () => {
    const card = {
      spec: "chara_card_v2",
      data: { name: "Nul\u0000name", description: "lone \ud800 one", extensions: { "k\u0000": "v\u0007" } },
    };
    const text = JSON.stringify(card);
    const response = await importFile(new TextEncoder().encode(text), "bad.json", "application/json");
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.name).toBe("Nulname");
    expect(response.body.persona).toContain("lone \ufffd one");
    expect(JSON.stringify(response.body)).toContain('"k":"v"');
  });

  it("answers 400 for a deep card inside a PNG", async () => {
    const image = await testImage(16, 16);
    // A valid card written into the PNG, then its text chunk swapped for a deep one by hand.
    const shallow = writeCardToPng(
      image,
      parseCardJson('{"spec":"chara_card_v2","data":{"name":"Deep"}}').card,
    );
    const deepJson = `{"spec":"chara_card_v2","data":{"name":"Deep","extensions":{"deep":${deepLists(5_000)}}}}`;
    const png = replaceCardChunk(shallow, Buffer.from(deepJson).toString("base64"));
    const response = await importFile(png, "deep.png", "image/png");
    expect(expectError(response, 400, "validation_error").message).toBe(DEEP_MESSAGE);
  });

  it("keeps at most CARD_EXTRAS_MAX_BYTES of extras from a card of megabytes, spec fields first", async () => {
    const megabyte = "x".repeat(1024 * 1024);
    const card = {
      spec: "chara_card_v3",
      spec_version: "3.0",
      data: {
        name: "Hoarder",
        description: "Collects everything.",
        personality: "Greedy",
        alternate_greetings: ["Hi!", "Hello again."],
        character_book: { name: "Lore", entries: [{ keys: ["gold"], content: "Gold is heavy." }] },
        extensions: {
          talkativeness: "0.5",
          ...Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`blob${i}`, megabyte])),
        },
        junk: Array.from({ length: 3 }, () => megabyte),
      },
    };
    const bytes = new TextEncoder().encode(JSON.stringify(card));
    expect(bytes.length).toBeGreaterThan(9 * 1024 * 1024);
    const imported = await importFile(bytes, "hoarder.json", "application/json");
    expect(imported.status, JSON.stringify(imported.body).slice(0, 300)).toBe(201);
    const extras = imported.body.card_extras ?? {};
    expect(Buffer.byteLength(JSON.stringify(extras))).toBeLessThanOrEqual(CARD_EXTRAS_MAX_BYTES);
    expect(extras).toEqual({
      personality: "Greedy",
      alternate_greetings: ["Hi!", "Hello again."],
      character_book: expect.objectContaining({ name: "Lore" }),
      extensions: { talkativeness: "0.5" },
      creator_notes: "",
      system_prompt: "",
      post_history_instructions: "",
      creator: "",
      character_version: "",
      group_only_greetings: [],
    });

    // Every read is small again, and the card still exports and imports.
    const read = await call<OwnCharacter>(server, `/api/characters/${imported.body.id}`, {
      token: member.token,
    });
    expect(Buffer.byteLength(JSON.stringify(read.body))).toBeLessThan(CARD_EXTRAS_MAX_BYTES + 4096);
    const exported = await fetchBytes(
      server,
      `/api/characters/${imported.body.id}/export?format=json&spec=v3`,
      member.token,
    );
    expect(exported.status).toBe(200);
    const again = await importFile(exported.bytes, "again.json", "application/json");
    expect(again.status).toBe(201);
    expect(again.body.card_extras).toEqual(extras);
  });
});

/** The PNG with its `chara` tEXt chunk's text replaced (CRC recomputed). */
function replaceCardChunk(png: Uint8Array, text: string): Uint8Array {
  const bytes = Buffer.from(png);
  const chunks: Buffer[] = [bytes.subarray(0, 8)];
  let offset = 8;
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.subarray(offset + 4, offset + 8).toString("latin1");
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    const isCard = type === "tEXt" && data.subarray(0, data.indexOf(0)).toString("latin1") === "chara";
    if (isCard) {
      const body = Buffer.concat([Buffer.from("chara\0", "latin1"), Buffer.from(text, "latin1")]);
      const chunk = Buffer.alloc(12 + body.length);
      chunk.writeUInt32BE(body.length, 0);
      chunk.write("tEXt", 4, "latin1");
      body.copy(chunk, 8);
      chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + body.length)), 8 + body.length);
      chunks.push(chunk);
    } else {
      chunks.push(bytes.subarray(offset, offset + 12 + length));
    }
    offset += 12 + length;
  }
  return Buffer.concat(chunks);
}

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
