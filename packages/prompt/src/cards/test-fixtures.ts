// Shared test data for the card tests (not exported from the package).

import type { CardV2, CardV3 } from "./schema";

/** A valid 1x1 RGBA PNG: signature, IHDR, IDAT, IEND. */
export const TINY_PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
  0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00,
  0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xdf, 0xc1, 0xf0, 0x1f, 0x00, 0x06, 0x98, 0x02, 0x87,
  0x7d, 0xb5, 0x93, 0x99, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]);

/** Emoji with a ZWJ sequence and skin tone, CJK, Arabic and Hebrew (RTL), combining marks, an astral char. */
export const UNICODE_TEXT = "👩🏽‍🚀 星の旅人 مرحبا بالعالم שלום e\u0301 n\u0303 Z\u0351\u0334 𝔘𝔫𝔦𝔠𝔬𝔡𝔢";

export function richCardV2(): CardV2 {
  return {
    spec: "chara_card_v2",
    spec_version: "2.0",
    data: {
      name: `Seraphina ${UNICODE_TEXT}`,
      description: "{{char}} is a guardian of the forest.\nShe speaks softly.",
      personality: "kind, protective",
      scenario: "{{user}} wakes up in a glade.",
      first_mes: `*She smiles.* Hello, {{user}}. ${UNICODE_TEXT}`,
      mes_example: "<START>\n{{user}}: Hi\n{{char}}: Hello!",
      creator_notes: "Best with long replies.",
      system_prompt: "Write in third person. {{original}}",
      post_history_instructions: "Stay in character.",
      alternate_greetings: ["*She waves.*", `Greetings in many tongues: ${UNICODE_TEXT}`, ""],
      character_book: {
        name: "Forest lore",
        description: "Places and people",
        scan_depth: 4,
        token_budget: 512,
        recursive_scanning: false,
        extensions: { "chub/lore_id": 42, nested: { list: [1, "two", null, { three: true }] } },
        entries: [
          {
            keys: ["glade", "clearing"],
            content: "The glade is protected by old magic.",
            extensions: { position: 0, depth: 4, weight: 10, probability: 100, useProbability: true },
            enabled: true,
            insertion_order: 100,
            case_sensitive: false,
            name: "Glade",
            priority: 10,
            id: 1,
            comment: "Main location",
            selective: true,
            secondary_keys: ["magic", "ward"],
            constant: false,
            position: "before_char",
            entry_tool_field: { kept: ["as", "is"] },
          },
          {
            keys: ["星"],
            content: UNICODE_TEXT,
            extensions: {},
            enabled: false,
            insertion_order: 5,
            secondary_keys: [],
            position: "after_char",
          },
          {
            keys: ["Eldoria"],
            content: "A kingdom to the north.",
            extensions: { exclude_recursion: true, group: "places" },
            enabled: true,
            insertion_order: 50,
            id: 3,
            constant: true,
          },
        ],
        book_tool_field: "kept",
      },
      tags: ["fantasy", "female", "星"],
      creator: "alice",
      character_version: "1.2",
      extensions: {
        talkativeness: "0.5",
        fav: false,
        world: "Forest lore",
        depth_prompt: { prompt: "Remember the forest.", depth: 4, role: "system" },
        regex_scripts: [{ scriptName: "trim", findRegex: "/\\s+$/", replaceString: "", disabled: false }],
        risuai: { bias: [["hello", 5]], utilityBot: false },
        unknown_tool: { numbers: [0, -1, 1.5, 1e21], empty: {}, nothing: null },
      },
      data_tool_field: { order: ["kept", "too"] },
    },
    top_level_tool_field: { created_by: "some exporter" },
  };
}

export function richCardV3(): CardV3 {
  const v2 = richCardV2();
  const book = v2.data.character_book!;
  return {
    spec: "chara_card_v3",
    spec_version: "3.0",
    data: {
      ...v2.data,
      character_book: {
        ...book,
        entries: book.entries.map((entry, index) => ({ ...entry, use_regex: index === 0 })),
      },
      nickname: "Sera",
      creator_notes_multilingual: { en: "Best with long replies.", ja: "長い返信がおすすめ。" },
      source: ["https://example.com/seraphina"],
      group_only_greetings: ["*She greets the whole group.*"],
      creation_date: 1700000000,
      modification_date: 1710000000,
      assets: [{ type: "icon", uri: "ccdefault:", name: "main", ext: "png" }],
    },
    top_level_tool_field: { created_by: "some exporter" },
  };
}
