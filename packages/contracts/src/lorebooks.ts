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

/* ---------------------------------------------------------------------------------------------------------
 * The lorebooks API: a member's books (/api/lorebooks), the books of one chat, and a reply's prompt report.
 * ------------------------------------------------------------------------------------------------------- */

/** Formats a book is exported in (`GET /api/lorebooks/{id}/export?format=`). */
export const LOREBOOK_EXPORT_FORMATS = ["sillytavern", "lorebook_v3"] as const;
export type LorebookExportFormat = (typeof LOREBOOK_EXPORT_FORMATS)[number];
/** Formats an imported file is read as. */
export const LOREBOOK_IMPORT_FORMATS = ["sillytavern", "lorebook_v3", "character_book"] as const;

/** The largest request body of an import (a whole book file in JSON). */
export const LOREBOOK_IMPORT_MAX_BYTES = 8 * 1024 * 1024;

export const LOREBOOK_TEXTS = {
  bookLimit: `You can have at most ${LOREBOOK_LIMITS.booksPerMember} lorebooks. Delete one to make room.`,
  entryLimit: `A lorebook can have at most ${LOREBOOK_LIMITS.entriesMax} entries.`,
  nameRequired: "Give the lorebook a name.",
  nothingToUpdate: "Nothing to update.",
  entryMissing: "This entry does not exist.",
  bookRequired: "Choose a lorebook or name a new one.",
} as const;

export const lorebookIdParamsSchema = z.object({ id: z.uuid("Lorebook id must be a UUID") });
export const lorebookEntryParamsSchema = z.object({
  id: z.uuid("Lorebook id must be a UUID"),
  entryId: z.string().min(1).max(100),
});

export const lorebookSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  entry_count: z.number().int(),
  /** Used in every chat of its owner unless a chat turns it off. */
  all_chats: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LorebookSummary = z.infer<typeof lorebookSummarySchema>;
export const lorebookListSchema = z.object({ data: z.array(lorebookSummarySchema) });

export const lorebookDetailSchema = lorebookSummarySchema.extend({ book: lorebookSchema });
export type LorebookDetail = z.infer<typeof lorebookDetailSchema>;

const bookNameSchema = z
  .string()
  .trim()
  .min(1, LOREBOOK_TEXTS.nameRequired)
  .max(LOREBOOK_LIMITS.nameMax, `A name can have at most ${LOREBOOK_LIMITS.nameMax} characters`);
const descriptionSchema = z
  .string()
  .max(
    LOREBOOK_LIMITS.descriptionMax,
    `A description can have at most ${LOREBOOK_LIMITS.descriptionMax} characters`,
  );

/**
 * `POST /api/lorebooks`: an empty book named `name`, or `file`, a book file of any supported format
 * (SillyTavern world info, V3 lorebook, a card's character_book) parsed as JSON; `name` then renames it.
 */
export const lorebookCreateBodySchema = z
  .object({
    name: bookNameSchema.optional(),
    description: descriptionSchema.optional(),
    all_chats: z.boolean().optional(),
    file: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((body) => body.file !== undefined || body.name !== undefined, {
    message: LOREBOOK_TEXTS.nameRequired,
    path: ["name"],
  });
export type LorebookCreateBody = z.input<typeof lorebookCreateBodySchema>;

/** `PATCH /api/lorebooks/{id}`: the book's settings; fields left out stay. */
export const lorebookSettingsBodySchema = z
  .object({
    name: bookNameSchema.optional(),
    description: descriptionSchema.optional(),
    scan_depth: z
      .number()
      .int()
      .min(0)
      .max(LOREBOOK_LIMITS.scanDepthMax, `Scan depth can be at most ${LOREBOOK_LIMITS.scanDepthMax}`)
      .optional(),
    token_budget: z
      .number()
      .int()
      .min(0)
      .max(
        LOREBOOK_LIMITS.tokenBudgetMax,
        `The token budget can be at most ${LOREBOOK_LIMITS.tokenBudgetMax}`,
      )
      .optional(),
    recursive_scanning: z.boolean().optional(),
    all_chats: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: LOREBOOK_TEXTS.nothingToUpdate,
  });
export type LorebookSettingsBody = z.input<typeof lorebookSettingsBodySchema>;

/** An entry as written by the editor: everything but its id (the server assigns it), with defaults. */
export const lorebookEntryBodySchema = lorebookEntrySchema.omit({ id: true }).extend({
  name: lorebookEntrySchema.shape.name.default(""),
  keys: lorebookEntrySchema.shape.keys.default([]),
  secondary_keys: lorebookEntrySchema.shape.secondary_keys.default([]),
  selective_logic: lorebookEntrySchema.shape.selective_logic.default("and_any"),
  use_regex: z.boolean().default(false),
  case_sensitive: z.boolean().default(false),
  match_whole_words: z.boolean().default(false),
  enabled: z.boolean().default(true),
  constant: z.boolean().default(false),
  insertion_order: z.number().int().min(-1_000_000).max(1_000_000).default(LOREBOOK_DEFAULTS.insertionOrder),
  priority: z.number().int().min(-1_000_000).max(1_000_000).default(LOREBOOK_DEFAULTS.priority),
  position: lorebookEntrySchema.shape.position.default("before_char"),
  depth: lorebookEntrySchema.shape.depth.default(LOREBOOK_DEFAULTS.depth),
  probability: lorebookEntrySchema.shape.probability.default(LOREBOOK_DEFAULTS.probability),
  extensions: lorebookEntrySchema.shape.extensions.default({}),
});
export type LorebookEntryBody = z.input<typeof lorebookEntryBodySchema>;

/** An entry added or changed, with its whole book afterwards. */
export const lorebookEntryResultSchema = z.object({
  lorebook: lorebookDetailSchema,
  entry: lorebookEntrySchema,
});

/** `PATCH /api/lorebooks/{id}/entries`: turns the listed entries on or off. */
export const lorebookBulkEnableBodySchema = z.object({
  entry_ids: z.array(z.string().min(1).max(100)).min(1).max(LOREBOOK_LIMITS.entriesMax),
  enabled: z.boolean(),
});

export const lorebookExportQuerySchema = z.object({
  format: z.enum(LOREBOOK_EXPORT_FORMATS).default("lorebook_v3"),
});
/** An exported book file: the format's own JSON. */
export const lorebookFileSchema = z.record(z.string(), z.unknown());

/* Per chat ------------------------------------------------------------------------------------------------ */

/** One member's book as it applies to a chat. */
export const chatLorebookSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  entry_count: z.number().int(),
  /** `chat`: attached to this chat; `all_chats`: the member's book for every chat. */
  attached: z.enum(["chat", "all_chats"]),
  enabled: z.boolean(),
});
export type ChatLorebook = z.infer<typeof chatLorebookSchema>;

/**
 * `GET /api/conversations/{id}/lorebooks`. The characters' embedded books (one per character of a group
 * chat that has one, all switched together by `PUT .../character-book`) are named and counted only: their
 * entries are never sent here (the character's editor shows them to those who may see them).
 */
export const chatLorebooksSchema = z.object({
  character_books: z.array(
    z.object({
      character_id: z.uuid(),
      character_name: z.string(),
      name: z.string(),
      entry_count: z.number().int(),
      enabled: z.boolean(),
    }),
  ),
  books: z.array(chatLorebookSchema),
});
export type ChatLorebooks = z.infer<typeof chatLorebooksSchema>;

export const chatLorebookParamsSchema = z.object({
  id: z.uuid("Conversation id must be a UUID"),
  lorebookId: z.uuid("Lorebook id must be a UUID"),
});
/** `PUT /api/conversations/{id}/lorebooks/{lorebookId}` and `PUT .../character-book`: on or off here. */
export const chatLorebookToggleBodySchema = z.object({ enabled: z.boolean() });

/**
 * `POST /api/conversations/{id}/lore-entries` ('Add to lorebook'): a new entry in one of the member's
 * books, or in a new book (`new_book_name`) attached to this chat.
 */
/** Exactly one of `lorebook_id` and `new_book_name` (checked once the chat is known to be the member's). */
export const chatLoreEntryBodySchema = z.object({
  lorebook_id: z.uuid("Lorebook id must be a UUID").optional(),
  new_book_name: bookNameSchema.optional(),
  entry: lorebookEntryBodySchema,
});
export type ChatLoreEntryBody = z.input<typeof chatLoreEntryBodySchema>;
export const chatLoreEntryResultSchema = z.object({
  lorebook: lorebookSummarySchema,
  entry: lorebookEntrySchema,
});

/* Prompt report ----------------------------------------------------------------------------------------- */

export const LORE_SOURCE_KINDS = ["character", "conversation", "member"] as const;
export const loreFireReasonSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("constant") }),
  z.object({ kind: z.literal("key"), key: z.string(), secondary: z.array(z.string()) }),
  z.object({ kind: z.literal("recursive"), key: z.string(), via: z.string() }),
  /** A hidden character definition's entry: it fired, but its keys are not shown. */
  z.object({ kind: z.literal("hidden") }),
]);
export type LoreFireReason = z.infer<typeof loreFireReasonSchema>;

export const promptReportSchema = z.object({
  fired: z.array(
    z.object({
      source_kind: z.enum(LORE_SOURCE_KINDS),
      source_id: z.string(),
      book_name: z.string(),
      entry_id: z.string(),
      entry_name: z.string(),
      position: z.enum(LORE_POSITIONS),
      tokens: z.number().int(),
      reason: loreFireReasonSchema,
    }),
  ),
  skipped: z.array(
    z.object({
      source_id: z.string(),
      entry_id: z.string(),
      entry_name: z.string(),
      why: z.enum(["budget", "probability"]),
    }),
  ),
  /** Tokens each part of the prompt used (system, character, lore, history...). */
  parts: z.array(z.object({ part: z.string(), tokens: z.number().int() })),
});
export type PromptReport = z.infer<typeof promptReportSchema>;

/** `GET /api/conversations/{id}/prompt-report`: the last reply's report (null before any reply has one). */
export const promptReportResponseSchema = z.object({
  message_id: z.string().nullable(),
  report: promptReportSchema.nullable(),
});
export type PromptReportResponse = z.infer<typeof promptReportResponseSchema>;
