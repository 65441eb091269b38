import {
  CARD_EXTRAS_MAX_BYTES,
  CHARACTER_LIMITS,
  type CharacterCreateBody,
  cleanJsonText,
} from "@hearth/contracts";
import {
  type CardV2,
  type CardV3,
  capCardExtras,
  type ParsedCard,
  parseCardJson,
  toCardV2,
  toCardV3,
} from "@hearth/prompt";
import type { CharacterRow } from "../../db/schema";
import { AppError } from "../../http/errors";

type JsonObject = Record<string, unknown>;
type CardFields = Pick<
  CharacterRow,
  "name" | "title" | "greeting" | "persona" | "scenario" | "dialogue" | "tags"
>;

/** Card data fields that live in Hearth's own columns; every other field goes to card_extras untouched. */
const MAPPED_FIELDS = ["name", "description", "scenario", "first_mes", "mes_example", "tags"] as const;
/** Hearth's own extension: the title has no place in the card format. */
const HEARTH_EXTENSION = "hearth";

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const tooLong = (what: string, limit: number) => {
  const message = `The card's ${what} is longer than ${limit} characters, the most Hearth keeps.`;
  return new AppError(400, "validation_error", message, { file: message });
};

function checkLength(text: string, limit: number, what: string): string {
  if (text.length > limit) throw tooLong(what, limit);
  return text;
}

/** Tags as Hearth keeps them: trimmed, lower-cased, 1-30 characters, no repeats, the first 12. */
function normalizeTags(tags: readonly string[]): string[] {
  const kept = tags
    .map((tag) => tag.trim().toLowerCase())
    .filter((tag) => tag.length >= CHARACTER_LIMITS.tagMin && tag.length <= CHARACTER_LIMITS.tagMax);
  return [...new Set(kept)].slice(0, CHARACTER_LIMITS.maxTags);
}

/**
 * A parsed card as a new character's fields plus card_extras: what the V3 form of the card has no column
 * for (personality, alternate greetings, lorebook, extensions, V3-only fields...), so an export gives it
 * back, up to CARD_EXTRAS_MAX_BYTES of JSON (spec fields first, then extensions, then unknown fields;
 * `droppedExtras` names what did not fit). Definitions longer than Hearth's limits are refused rather
 * than cut.
 */
export function characterFromCard(parsed: ParsedCard): {
  fields: CardFields;
  cardExtras: JsonObject;
  droppedExtras: string[];
} {
  // PostgreSQL cannot store NUL, and cards occasionally carry it, other controls or broken surrogates:
  // a card is cleaned rather than refused.
  const data = cleanJsonText(toCardV3(parsed).data) as JsonObject & CardV3["data"];
  const extras: JsonObject = {};
  for (const [key, value] of Object.entries(data)) {
    if (!(MAPPED_FIELDS as readonly string[]).includes(key)) extras[key] = value;
  }
  let title = "";
  const extensions = isObject(extras.extensions) ? { ...extras.extensions } : {};
  const hearth = extensions[HEARTH_EXTENSION];
  if (isObject(hearth)) {
    const { title: cardTitle, ...rest } = hearth;
    if (typeof cardTitle === "string") title = cardTitle.trim().slice(0, CHARACTER_LIMITS.titleMax);
    if (Object.keys(rest).length > 0) extensions[HEARTH_EXTENSION] = rest;
    else delete extensions[HEARTH_EXTENSION];
    extras.extensions = extensions;
  }
  const name = data.name.trim();
  const capped = capCardExtras(extras, CARD_EXTRAS_MAX_BYTES);
  return {
    fields: {
      name: checkLength(name, CHARACTER_LIMITS.nameMax, "name"),
      title,
      greeting: checkLength(data.first_mes, CHARACTER_LIMITS.greetingMax, "first message"),
      persona: checkLength(data.description, CHARACTER_LIMITS.personaMax, "description"),
      scenario: checkLength(data.scenario, CHARACTER_LIMITS.scenarioMax, "scenario"),
      dialogue: checkLength(data.mes_example, CHARACTER_LIMITS.dialogueMax, "example messages"),
      tags: normalizeTags(data.tags),
    },
    cardExtras: capped.extras,
    droppedExtras: capped.dropped,
  };
}

/** The create body for an imported card: private until the creator decides otherwise. */
export function importBody(fields: CardFields, avatarUrl: string | null): CharacterCreateBody {
  return {
    ...fields,
    avatar_url: avatarUrl,
    avatar_is_nsfw: false,
    visibility: "private",
    definition_visible: false,
    is_nsfw: false,
    language: "en",
  };
}

/** The character as a card of the asked spec, card_extras merged back in. Throws CardError when invalid. */
export function cardFromCharacter(
  character: CardFields & { cardExtras: JsonObject },
  spec: "v2" | "v3",
): CardV2 | CardV3 {
  const extensions = isObject(character.cardExtras.extensions) ? { ...character.cardExtras.extensions } : {};
  if (character.title) {
    const hearth = isObject(extensions[HEARTH_EXTENSION]) ? extensions[HEARTH_EXTENSION] : {};
    extensions[HEARTH_EXTENSION] = { ...hearth, title: character.title };
  }
  const data: JsonObject = {
    ...character.cardExtras,
    name: character.name,
    description: character.persona,
    scenario: character.scenario,
    first_mes: character.greeting,
    mes_example: character.dialogue,
    tags: character.tags,
    extensions,
  };
  const parsed = parseCardJson(JSON.stringify({ spec: "chara_card_v3", spec_version: "3.0", data }));
  return spec === "v3" ? toCardV3(parsed) : toCardV2(parsed);
}
