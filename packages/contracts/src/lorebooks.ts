import { z } from "zod";

/**
 * Lorebooks (world info): Hearth's own form of a book. Every format Hearth reads (a card's character_book
 * V2 and V3, standalone V3 lorebooks, SillyTavern world info) converts to this form and back without loss;
 * fields Hearth has no place for are kept in `extensions` by the converters in packages/prompt.
 */
export const LOREBOOK_LIMITS = {
  nameMax: 100,
  descriptionMax: 2_000,
  entriesMax: 2_000,
  entryNameMax: 200,
  contentMax: 20_000,
  keysMax: 100,
  keyMax: 500,
  scanDepthMax: 1_000,
  tokenBudgetMax: 32_000,
  depthMax: 1_000,
  booksPerMember: 200,
  /** A recursive scan stops after this many passes even if entries keep activating each other. */
  recursionPassesMax: 10,
} as const;

export const LOREBOOK_DEFAULTS = {
  /** How many of the newest messages are scanned for keys. */
  scanDepth: 4,
  /** Tokens all activated entries of one book may use together. */
  tokenBudget: 1_024,
  insertionOrder: 100,
  priority: 10,
  depth: 4,
  probability: 100,
} as const;

/** How secondary keys combine with a primary key match. */
export const SELECTIVE_LOGICS = ["and_any", "and_all", "not_any", "not_all"] as const;
export type SelectiveLogic = (typeof SELECTIVE_LOGICS)[number];

/** Where an entry's content goes: before or after the character definition, or at a depth in the history. */
export const LORE_POSITIONS = ["before_char", "after_char", "at_depth"] as const;
export type LorePosition = (typeof LORE_POSITIONS)[number];

const extensionsSchema = z.record(z.string(), z.unknown());
const keysSchema = z
  .array(
    z.string().max(LOREBOOK_LIMITS.keyMax, `A key can have at most ${LOREBOOK_LIMITS.keyMax} characters`),
  )
  .max(LOREBOOK_LIMITS.keysMax, `An entry can have at most ${LOREBOOK_LIMITS.keysMax} keys`);

export const lorebookEntrySchema = z.object({
  /** Stable within its book; converters keep a format's own id (SillyTavern uid, V2 id) in it. */
  id: z.string().min(1).max(100),
  name: z.string().max(LOREBOOK_LIMITS.entryNameMax),
  keys: keysSchema,
  secondary_keys: keysSchema,
  selective_logic: z.enum(SELECTIVE_LOGICS),
  /** Keys are JavaScript regular expressions written as /pattern/flags. */
  use_regex: z.boolean(),
  case_sensitive: z.boolean(),
  match_whole_words: z.boolean(),
  content: z
    .string()
    .max(LOREBOOK_LIMITS.contentMax, `An entry can have at most ${LOREBOOK_LIMITS.contentMax} characters`),
  enabled: z.boolean(),
  /** Always inserted, keys or not (still subject to the budget). */
  constant: z.boolean(),
  /** Lower comes first in the prompt. */
  insertion_order: z.number().int(),
  /** When the budget cannot hold every activated entry, higher priority is kept. */
  priority: z.number().int(),
  position: z.enum(LORE_POSITIONS),
  /** For position at_depth: how many messages from the newest the content is inserted. */
  depth: z.number().int().min(0).max(LOREBOOK_LIMITS.depthMax),
  /** Percent chance an activated entry is inserted (deterministic for a given seed). */
  probability: z.number().int().min(0).max(100),
  extensions: extensionsSchema,
});
export type LorebookEntry = z.infer<typeof lorebookEntrySchema>;

export const lorebookSchema = z.object({
  name: z.string().max(LOREBOOK_LIMITS.nameMax),
  description: z.string().max(LOREBOOK_LIMITS.descriptionMax),
  scan_depth: z.number().int().min(0).max(LOREBOOK_LIMITS.scanDepthMax),
  token_budget: z.number().int().min(0).max(LOREBOOK_LIMITS.tokenBudgetMax),
  recursive_scanning: z.boolean(),
  entries: z
    .array(lorebookEntrySchema)
    .max(LOREBOOK_LIMITS.entriesMax, `A lorebook can have at most ${LOREBOOK_LIMITS.entriesMax} entries`),
  extensions: extensionsSchema,
});
export type Lorebook = z.infer<typeof lorebookSchema>;
