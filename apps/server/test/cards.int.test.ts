import type { OwnCharacter, OwnCharacterCard } from "@hearth/contracts";
import { type CardV2, type CardV3, parseCardJson, readCardFromPng, writeCardToPng } from "@hearth/prompt";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCharacter, fetchBytes, testImage, upload } from "./characters-fixtures";
import { call, startServer, type TestServer } from "./harness";
import { expectError, type SignedUp, signUp } from "./support/members";

/** A community V3 card with everything that must survive: lorebook, alternate greetings, unicode, extensions. */
const RICH_V3: CardV3 = {
  spec: "chara_card_v3",
  spec_version: "3.0",
  data: {
    name: "Évelyne 月",
    description: "A cartographer of dreams. 🌙 She speaks softly.",
    personality: "Curious, patient",
    scenario: "A lighthouse at the end of the world.",
    first_mes: "*looks up from her maps* Oh — a visitor? ✨",
    mes_example: "<START>\n{{user}}: Hi\n{{char}}: Hello, traveller.",
    creator_notes: "Works best with long replies.",
    system_prompt: "Stay in character.",
    post_history_instructions: "Describe the sea.",
    alternate_greetings: ["The lamp flickers. Who goes there?", "Ah, you're back! 🗺️"],
    character_book: {
      name: "Lighthouse lore",
      scan_depth: 4,
      token_budget: 512,
      recursive_scanning: false,
      extensions: { "x-custom": { depth: 2 } },
      entries: [
        {
          keys: ["lighthouse", "lamp"],
          content: "The lamp has not gone out in 300 years.",
          extensions: { position: 1 },
          enabled: true,
          insertion_order: 10,
          use_regex: false,
          name: "Lamp",
          priority: 5,
          id: 1,
          comment: "core",
          selective: false,
          secondary_keys: [],
          constant: false,
          position: "before_char",
        },
      ],
    },
    tags: ["fantasy", "slice of life"],
    creator: "someone",
    character_version: "1.2",
    extensions: {
      talkativeness: "0.5",
      fav: false,
      world: "Atlas",
      depth_prompt: { prompt: "sea", depth: 4 },
    },
    nickname: "Eve",
    creator_notes_multilingual: { fr: "Fonctionne mieux avec de longues réponses." },
    source: ["https://example.test/eve"],
    group_only_greetings: ["Everyone, welcome."],
    creation_date: 1_700_000_000,
    modification_date: 1_700_000_500,
    assets: [{ type: "icon", uri: "ccdefault:", name: "main", ext: "png" }],
  },
};

const cardOfPng = (bytes: Uint8Array) => readCardFromPng(bytes).card;

describe("character card import and export", () => {
  let server: TestServer;
  let member: SignedUp;
  let other: SignedUp;

  const importFile = (bytes: Uint8Array, filename: string, type: string, token = member.token) =>
    upload<OwnCharacter>(server, "/api/characters/import?switch=T1", { token, bytes, filename, type });
  const exportFile = (id: string, query: string, token: string | undefined = member.token) =>
    fetchBytes(server, `/api/characters/${id}/export?${query}`, token);
  const myCount = async () =>
    (await call<{ data: OwnCharacterCard[] }>(server, "/api/users/characters", { token: member.token })).body
      .data.length;

  beforeAll(async () => {
    server = await startServer({ AUTH_RATE_LIMIT_MAX: "1000", SEED_DEMO: "false" });
    member = await signUp(server);
    other = await signUp(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("imports a V3 JSON card as a private character and exports every field back", async () => {
    const json = new TextEncoder().encode(JSON.stringify(RICH_V3));
    const imported = await importFile(json, "eve.json", "application/json");
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body).toMatchObject({
      name: "Évelyne 月",
      persona: RICH_V3.data.description,
      scenario: RICH_V3.data.scenario,
      greeting: RICH_V3.data.first_mes,
      dialogue: RICH_V3.data.mes_example,
      tags: ["fantasy", "slice of life"],
      visibility: "private",
      creator_user_id: member.user.id,
      avatar_url: null,
    });
    expect(imported.body.card_extras).toMatchObject({
      personality: "Curious, patient",
      alternate_greetings: RICH_V3.data.alternate_greetings,
      character_book: RICH_V3.data.character_book,
      extensions: RICH_V3.data.extensions,
    });

    const exported = await exportFile(imported.body.id, "format=json&spec=v3");
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toContain("application/json");
    expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename="Evelyne.v3.json"/);
    const card = JSON.parse(exported.bytes.toString("utf8")) as CardV3;
    expect(card).toEqual(RICH_V3);

    const v2 = JSON.parse((await exportFile(imported.body.id, "format=json&spec=v2")).bytes.toString("utf8"));
    expect(v2.spec).toBe("chara_card_v2");
    expect(v2.data.character_book.entries[0].content).toBe("The lamp has not gone out in 300 years.");
    expect(v2.data).not.toHaveProperty("nickname");
  });

  for (const spec of ["v2", "v3"] as const) {
    it(`round-trips a ${spec.toUpperCase()} PNG exported by the app`, async () => {
      const avatar = await upload<{ avatar_url: string }>(server, "/api/uploads/avatar", {
        token: member.token,
        bytes: await testImage(600, 600, "jpeg"),
        filename: "a.jpg",
        type: "image/jpeg",
      });
      const source = await importFile(
        new TextEncoder().encode(JSON.stringify(RICH_V3)),
        "eve.json",
        "application/json",
      );
      const patched = await call<OwnCharacter>(server, `/api/characters/${source.body.id}`, {
        method: "PATCH",
        token: member.token,
        body: { title: "Dream cartographer", avatar_url: avatar.body.avatar_url },
      });
      expect(patched.status).toBe(200);

      const first = await exportFile(source.body.id, `format=png&spec=${spec}`);
      expect(first.status).toBe(200);
      expect(first.headers.get("content-type")).toBe("image/png");
      const image = await sharp(first.bytes).metadata();
      expect({ format: image.format, width: image.width, height: image.height }).toEqual({
        format: "png",
        width: 400,
        height: 400,
      });
      expect(cardOfPng(first.bytes).spec).toBe(spec === "v2" ? "chara_card_v2" : "chara_card_v3");

      const again = await importFile(first.bytes, "eve.png", "image/png");
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(again.body.avatar_url).toMatch(/^\/uploads\/avatars\/.+-400\.webp$/);
      expect(again.body.visibility).toBe("private");
      for (const key of ["name", "title", "greeting", "persona", "scenario", "dialogue", "tags"] as const) {
        expect(again.body[key]).toEqual(patched.body[key]);
      }
      if (spec === "v3") expect(again.body.card_extras).toEqual(patched.body.card_extras);

      const second = await exportFile(again.body.id, `format=png&spec=${spec}`);
      expect(cardOfPng(second.bytes)).toEqual(cardOfPng(first.bytes));
      if (spec === "v3")
        expect(readCardFromPng(second.bytes).card).toMatchObject({
          data: {
            ...RICH_V3.data,
            extensions: { ...RICH_V3.data.extensions, hearth: { title: "Dream cartographer" } },
          },
        });
    });
  }

  it("imports a V2 PNG made elsewhere, with its picture as the avatar, and exports a plain image when there is none", async () => {
    const v2: CardV2 = {
      spec: "chara_card_v2",
      spec_version: "2.0",
      data: {
        name: "Bob",
        description: "A baker.",
        personality: "",
        scenario: "",
        first_mes: "Fresh bread!",
        mes_example: "",
        creator_notes: "",
        system_prompt: "",
        post_history_instructions: "",
        alternate_greetings: [],
        tags: Array.from({ length: 15 }, (_, i) => `Tag ${i}`),
        creator: "",
        character_version: "",
        extensions: { unknown_tool: { keep: [1, 2, 3] } },
      },
    };
    const png = writeCardToPng(await testImage(300, 200), v2);
    const imported = await importFile(png, "bob.png", "image/png");
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.tags).toEqual(Array.from({ length: 12 }, (_, i) => `tag ${i}`));
    expect(imported.body.avatar_url).toMatch(/^\/uploads\/avatars\//);
    expect(imported.body.card_extras?.extensions).toEqual({ unknown_tool: { keep: [1, 2, 3] } });
    const avatar = await fetchBytes(server, imported.body.avatar_url ?? "");
    expect((await sharp(avatar.bytes).metadata()).width).toBe(400);

    const plain = await createCharacter(server, member.token, { name: "No picture" });
    const exported = await exportFile(plain.id, "format=png");
    expect(exported.status).toBe(200);
    expect(cardOfPng(exported.bytes)).toMatchObject({ spec: "chara_card_v2", data: { name: "No picture" } });
  });

  it("refuses malformed files with a clear message and creates nothing", async () => {
    const before = await myCount();
    const valid = writeCardToPng(await testImage(64, 64), RICH_V3);
    const cases: [Uint8Array, string, string, string][] = [
      [
        valid.subarray(0, valid.length - 40),
        "cut.png",
        "image/png",
        "This PNG image is damaged or incomplete.",
      ],
      [await testImage(32, 32), "plain.png", "image/png", "This PNG has no character card in it."],
      [
        new TextEncoder().encode("{not json"),
        "bad.json",
        "application/json",
        "The character card is not valid JSON.",
      ],
      [
        new TextEncoder().encode(JSON.stringify({ spec: "chara_card_v2", data: { description: "x" } })),
        "noname.json",
        "application/json",
        "The card is missing a name.",
      ],
      [
        new TextEncoder().encode(JSON.stringify({ spec: "chara_card_v9", data: {} })),
        "v9.json",
        "application/json",
        'This character card uses "chara_card_v9", which Hearth cannot read. Use a Character Card V1, V2 or V3.',
      ],
      [
        new TextEncoder().encode(
          JSON.stringify({ ...RICH_V3, data: { ...RICH_V3.data, description: "x".repeat(8001) } }),
        ),
        "long.json",
        "application/json",
        "The card's description is longer than 8000 characters, the most Hearth keeps.",
      ],
    ];
    for (const [bytes, filename, type, message] of cases) {
      const response = await importFile(bytes, filename, type);
      expect(expectError(response, 400, "validation_error").message, filename).toBe(message);
    }
    const tooBig = await importFile(new Uint8Array(10 * 1024 * 1024 + 1), "big.json", "application/json");
    expect(expectError(tooBig, 400, "validation_error").message).toBe(
      "The file is too large; the limit is 10 MB.",
    );
    expect(await myCount()).toBe(before);
    expectError(
      await upload(server, "/api/characters/import", { bytes: valid, filename: "a.png", type: "image/png" }),
      401,
      "unauthenticated",
    );
    expect(parseCardJson(JSON.stringify(RICH_V3)).spec).toBe("v3");
  });

  it("exports for the creator, or for anyone when the definition is visible", async () => {
    const closed = await createCharacter(server, member.token, { name: "Closed", definition_visible: false });
    const open = await createCharacter(server, member.token, { name: "Open", definition_visible: true });
    const hidden = await exportFile(closed.id, "format=json", other.token);
    expect(hidden.status).toBe(403);
    expect(JSON.parse(hidden.bytes.toString("utf8")).error.message).toBe(
      "This character's definition is hidden by its creator, so it cannot be exported.",
    );
    expect((await exportFile(closed.id, "format=json", "")).status).toBe(403);
    expect((await exportFile(open.id, "format=json", other.token)).status).toBe(200);
    expect((await exportFile(open.id, "format=png", "")).status).toBe(200);
    expect((await exportFile(closed.id, "format=gif")).status).toBe(400);
  });
});
