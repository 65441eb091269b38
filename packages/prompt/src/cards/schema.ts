import { z } from "zod";

// The community character card formats (https://github.com/malfoyslastname/character-card-spec-v2 and
// https://github.com/kwaroran/character-card-spec-v3). Every object is loose so unknown fields survive, and
// reading is forgiving: missing or null text becomes "", missing or null lists become [] and so on. Types are
// the parsed (output) shapes, so code that writes a card must give every required field.

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? "");
const textList = z
  .array(z.string())
  .nullish()
  .transform((value) => value ?? []);
const extensions = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((value) => value ?? {});

/** Optional on read and write; null on read counts as absent. */
function optional<T extends z.ZodType>(schema: T) {
  return schema
    .nullish()
    .transform((value) => value ?? undefined)
    .optional();
}

const name = z.string().refine((value) => value.trim().length > 0);

const lorebookEntryV2Schema = z.looseObject({
  keys: textList,
  content: text,
  extensions,
  enabled: z.boolean().default(true),
  insertion_order: z.number().default(0),
  case_sensitive: optional(z.boolean()),
  name: optional(z.string()),
  priority: optional(z.number()),
  id: optional(z.union([z.number(), z.string()])),
  comment: optional(z.string()),
  selective: optional(z.boolean()),
  secondary_keys: optional(z.array(z.string())),
  constant: optional(z.boolean()),
  position: optional(z.string()),
});

const lorebookEntryV3Schema = lorebookEntryV2Schema.extend({
  use_regex: z.boolean().default(false),
});

function lorebookSchema<Entry extends z.ZodType>(entry: Entry) {
  return z.looseObject({
    name: optional(z.string()),
    description: optional(z.string()),
    scan_depth: optional(z.number()),
    token_budget: optional(z.number()),
    recursive_scanning: optional(z.boolean()),
    extensions,
    entries: z
      .array(entry)
      .nullish()
      .transform((value) => value ?? []),
  });
}

export const cardDataV2Schema = z.looseObject({
  name,
  description: text,
  personality: text,
  scenario: text,
  first_mes: text,
  mes_example: text,
  creator_notes: text,
  system_prompt: text,
  post_history_instructions: text,
  alternate_greetings: textList,
  character_book: optional(lorebookSchema(lorebookEntryV2Schema)),
  tags: textList,
  creator: text,
  character_version: text,
  extensions,
});

const assetSchema = z.looseObject({
  type: z.string(),
  uri: z.string(),
  name: z.string(),
  ext: z.string(),
});

/** Fields only V3 has; converting a card to V2 drops them (see convert.ts). */
export const V3_ONLY_DATA_FIELDS = [
  "nickname",
  "creator_notes_multilingual",
  "source",
  "group_only_greetings",
  "creation_date",
  "modification_date",
  "assets",
] as const;

export const cardDataV3Schema = cardDataV2Schema.extend({
  character_book: optional(lorebookSchema(lorebookEntryV3Schema)),
  nickname: optional(z.string()),
  creator_notes_multilingual: optional(z.record(z.string(), z.string())),
  source: optional(z.array(z.string())),
  group_only_greetings: textList,
  creation_date: optional(z.number()),
  modification_date: optional(z.number()),
  assets: optional(z.array(assetSchema)),
});

export const cardV2Schema = z.looseObject({
  spec: z.literal("chara_card_v2"),
  spec_version: z.string().default("2.0"),
  data: cardDataV2Schema,
});

export const cardV3Schema = z.looseObject({
  spec: z.literal("chara_card_v3"),
  spec_version: z.string().default("3.0"),
  data: cardDataV3Schema,
});

/** The data fields V2 and V3 share. */
export type CardData = z.output<typeof cardDataV2Schema>;
export type CardV2 = z.output<typeof cardV2Schema>;
export type CardV3 = z.output<typeof cardV3Schema>;

/** A card read from a file; `spec` is the format it was in (a V1 card is read into the V2 shape). */
export type ParsedCard = { spec: "v1" | "v2"; card: CardV2 } | { spec: "v3"; card: CardV3 };
