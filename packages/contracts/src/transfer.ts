import { z } from "zod";
import { MESSAGE_ROLES } from "./chat";

/**
 * Chats that move between apps (issue 14): a conversation exported as SillyTavern's chat JSONL or as
 * Hearth's own JSON, either imported into a new conversation, and a member's whole data as one archive.
 */

/** The formats of a chat file: SillyTavern's JSONL (a header line, then one line per message) and Hearth's JSON. */
export const CHAT_FILE_FORMATS = ["sillytavern", "hearth"] as const;
export const chatFileFormatSchema = z.enum(CHAT_FILE_FORMATS, {
  error: `Format must be one of: ${CHAT_FILE_FORMATS.join(", ")}`,
});
export type ChatFileFormat = z.infer<typeof chatFileFormatSchema>;

export const TRANSFER_LIMITS = {
  /** The largest chat file an import reads (its text, UTF-8). */
  importMaxBytes: 20 * 1024 * 1024,
  /** The most messages one imported chat may hold. */
  importMaxMessages: 20_000,
  /** The longest one imported message (its shown text and each alternate), in characters. */
  messageMaxChars: 100_000,
  /** The most alternates (swipes) one imported message may keep. */
  alternatesMax: 100,
  /** The longest name (persona or speaker) kept from a file. */
  nameMax: 200,
} as const;

/** Imports and archive downloads per member (the archive reads everything the member has). */
export const TRANSFER_RATE_LIMITS = {
  import: { max: 120, timeWindowMs: 60 * 60_000 },
  export: { max: 60, timeWindowMs: 60_000 },
  archive: { max: 3, timeWindowMs: 60 * 60_000 },
} as const;

/** `GET /api/conversations/{id}/export?format=`. */
export const chatExportQuerySchema = z.object({ format: chatFileFormatSchema.default("hearth") });
export type ChatExportQuery = z.infer<typeof chatExportQuerySchema>;

/**
 * `POST /api/conversations/import`: the file's text and the character the new conversation is with (one
 * the member may chat with). Without `format` it is read from the text: Hearth's JSON names itself
 * (`format: "hearth-chat"`), anything else is read as SillyTavern JSONL.
 */
export const chatImportBodySchema = z.object({
  character_id: z.uuid("Choose a character for the chat"),
  format: chatFileFormatSchema.optional(),
  file: z
    .string({ error: "Choose a chat file" })
    .min(1, "The file is empty")
    .max(TRANSFER_LIMITS.importMaxBytes, "The file is too large; the limit is 20 MB"),
  /** The new chat's title; the file's name is a good one. */
  label: z.string().trim().max(100, "Title should be at most 100 characters").optional(),
});
export type ChatImportBody = z.infer<typeof chatImportBodySchema>;

export const chatImportResultSchema = z.object({
  conversation_id: z.string(),
  character_id: z.string(),
  format: chatFileFormatSchema,
  message_count: z.number().int(),
});
export type ChatImportResult = z.infer<typeof chatImportResultSchema>;

/** The version of Hearth's chat JSON this server writes; imports accept it and every earlier one. */
export const HEARTH_CHAT_VERSION = 1;

const extrasSchema = z.record(z.string(), z.unknown());

/** One message of Hearth's chat JSON. */
export const hearthChatMessageSchema = z.object({
  role: z.enum(MESSAGE_ROLES, { error: "role must be 'user' or 'bot'" }),
  /** The version shown: alternates[alternate_index] when there are alternates. */
  content: z.string().max(TRANSFER_LIMITS.messageMaxChars, "A message is too long"),
  /** Every version of a regenerated reply; empty while there is only one. */
  alternates: z
    .array(z.string().max(TRANSFER_LIMITS.messageMaxChars, "A message is too long"))
    .max(TRANSFER_LIMITS.alternatesMax, "A message has too many alternates")
    .default([]),
  alternate_index: z.number().int().min(0).default(0),
  /** ISO 8601. */
  created_at: z.iso.datetime({ offset: true, error: "created_at must be an ISO 8601 date" }),
  /** On a user message: the persona name it was written as. */
  persona_name: z.string().max(TRANSFER_LIMITS.nameMax).nullable().default(null),
  /** In a group chat: the character who wrote this reply. */
  speaker: z.object({ character_id: z.string(), name: z.string() }).nullable().default(null),
  /** Fields of the file it was imported from that Hearth has no column for. */
  extras: extrasSchema.nullable().default(null),
});
export type HearthChatMessage = z.infer<typeof hearthChatMessageSchema>;

/**
 * Hearth's own chat file (`format: "hearth-chat"`, `version`): the conversation, the character it is
 * with, the persona, and every message with its alternates and timestamps. Unknown keys are ignored on
 * import; `import_meta` carries what a file imported earlier had that Hearth has no column for.
 */
export const hearthChatFileSchema = z.object({
  format: z.literal("hearth-chat", { error: "This is not a Hearth chat file" }),
  version: z
    .number()
    .int()
    .min(1)
    .max(HEARTH_CHAT_VERSION, "This chat file was written by a newer Hearth; update this server to read it"),
  exported_at: z.string(),
  conversation: z.object({
    id: z.string(),
    label: z.string().nullable(),
    created_at: z.string(),
    group_mode: z.string().nullable().default(null),
  }),
  character: z.object({ id: z.string(), name: z.string() }),
  /** A group chat's characters in list order (empty for a chat with one character). */
  characters: z.array(z.object({ id: z.string(), name: z.string() })).default([]),
  persona: z.object({ name: z.string() }).nullable().default(null),
  import_meta: extrasSchema.nullable().default(null),
  messages: z
    .array(hearthChatMessageSchema)
    .max(
      TRANSFER_LIMITS.importMaxMessages,
      `A chat may hold at most ${TRANSFER_LIMITS.importMaxMessages} messages`,
    ),
});
export type HearthChatFile = z.infer<typeof hearthChatFileSchema>;
export type HearthChatFileInput = z.input<typeof hearthChatFileSchema>;

/** The data archive's file names (`GET /api/account/export`). */
export const ACCOUNT_ARCHIVE = {
  profile: "profile.json",
  personas: "personas.json",
  charactersDir: "characters/",
  lorebooksDir: "lorebooks/",
  chatsDir: "chats/",
  readme: "README.txt",
} as const;

/** profile.json of the data archive: the member's account, without the password hash or any secret. */
export const archiveProfileSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  highlights: z.string().nullable(),
  role: z.string(),
  show_nsfw: z.boolean(),
  blur_nsfw_avatars: z.boolean(),
  /** Whether the member's own OpenAI key is used, and its masked hint (never the key). */
  openai_mode: z.string(),
  openai_api_key_hint: z.string().nullable(),
  created_at: z.string(),
});
export type ArchiveProfile = z.infer<typeof archiveProfileSchema>;
