import { z } from "zod";
import { LIMITS } from "./constants";
import { errorBodySchema } from "./errors";
import { generationSettingsSchema } from "./generation";
import { IMAGE_LIMITS, imageProgressEventSchema } from "./images";
import { personaSchema } from "./personas";
import type { Role } from "./roles";

/**
 * Chat limits. The spec fixes titles (50) and the page size (25); the rest are ours: a message is a chat
 * turn, not a document; memories are 250 characters (issue 3).
 */
export const CHAT_LIMITS = {
  messageMax: 4000,
  titleMax: LIMITS.titleMax,
  memoryMax: 250,
  memoriesPerConversation: 50,
  reportLabelMax: 100,
  reportCommentMax: LIMITS.reportDetailsMax,
  ratingLabelMax: 100,
  conversationPageSize: LIMITS.conversationPageSize,
  conversationPageMax: 100,
  /** Messages a conversation opens with (the newest) and each further page the chat loads. */
  messagePageSize: 50,
  messagePageMax: 200,
} as const;

/**
 * Message limits per role (the spec says limits exist but not their values). Guests: messages per guest
 * session, then 'Sign Up Free'. Free: messages per UTC day. Subscribers: none (null = unlimited).
 */
export const GUEST_MESSAGE_LIMIT = 20;
export const FREE_DAILY_MESSAGE_LIMIT = 300;
/**
 * Generations per UTC day for each member role (null = unlimited): the one table the server's
 * generation policy reads, so which plan is metered is decided here and not by comparing roles. Guests
 * are metered per guest session instead (GUEST_MESSAGE_LIMIT).
 */
export const DAILY_MESSAGE_LIMITS: Record<Exclude<Role, "guest">, number | null> = {
  free: FREE_DAILY_MESSAGE_LIMIT,
  minimal: null,
  basic: null,
  premium: null,
  admin: null,
};
export const MESSAGE_LIMIT_TEXTS = {
  guest: "You've reached the guest message limit. Sign Up Free to keep chatting and save your conversations.",
  free: "You've reached today's free message limit. Upgrade to a subscription for unlimited messages, or come back tomorrow.",
} as const;

/** Generations per user per minute (its own limit; streams are not counted by any global limit). */
export const GENERATE_RATE_LIMIT = { max: 60, timeWindowMs: 60_000 } as const;

/** With conversation_memory_auto, a summary memory is written after every this many messages. */
export const AUTO_MEMORY_EVERY_MESSAGES = 20;
/**
 * Guest conversations are never saved (kept in memory, or in Redis with several instances), dropped this
 * long after their last activity.
 */
export const GUEST_CONVERSATION_TTL_MS = 2 * 60 * 60 * 1000;

/** Message rating scale (chat spec 4): 1 Terrible, 2 Bad, 3 Great, 4 Fantastic. */
export const MESSAGE_RATING_WORDS = ["Terrible", "Bad", "Great", "Fantastic"] as const;

export const MESSAGE_ROLES = ["user", "bot"] as const;
/** How a group chat picks who speaks next: mentioned names then talkativeness, list order, or the member picks. */
export const GROUP_MODES = ["natural", "list", "manual"] as const;
export type GroupMode = (typeof GROUP_MODES)[number];
export const groupModeSchema = z.enum(GROUP_MODES);

/** A character of a group chat, in list order; a muted one is never chosen to speak (it can be made to). */
export const groupMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  avatar_is_nsfw: z.boolean(),
  muted: z.boolean(),
  position: z.number().int(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;
/** A character who wrote messages in a group chat and was removed from it since (its messages stay). */
export const groupFormerMemberSchema = groupMemberSchema.pick({
  id: true,
  name: true,
  avatar_url: true,
  avatar_is_nsfw: true,
});
export type GroupFormerMember = z.infer<typeof groupFormerMemberSchema>;
/**
 * A group chat's characters (list order) and how the next speaker is chosen. `former`: removed characters
 * whose messages remain, so every message's speaker_id can be named; filled in a conversation's detail and
 * the group calls, empty in lists.
 */
export const conversationGroupSchema = z.object({
  mode: groupModeSchema,
  members: z.array(groupMemberSchema),
  former: z.array(groupFormerMemberSchema),
});
export type ConversationGroup = z.infer<typeof conversationGroupSchema>;
export const messageRoleSchema = z.enum(MESSAGE_ROLES);
export type MessageRole = z.infer<typeof messageRoleSchema>;

/** complete: the generation ended normally; cut: the client disconnected or the upstream failed midway. */
export const MESSAGE_STATUSES = ["complete", "cut"] as const;
export const messageStatusSchema = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

export const messageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  role: messageRoleSchema,
  content: z.string(),
  status: messageStatusSchema,
  createdAt: z.string(),
  /** Every version of a regenerated bot message, in order; empty when there is only one. */
  alternates: z.array(z.string()),
  /** Index into alternates of the version shown (0 when there are none). */
  alternate_index: z.number().int(),
  /** 1..4 (MESSAGE_RATING_WORDS) once rated. */
  rating: z.number().int().min(1).max(4).nullable(),
  rating_label: z.string().nullable(),
  image_url: z.string().nullable(),
  image_prompt: z.string().nullable(),
  /** An image the NSFW classifier read as NSFW (adult brand): blurred for members who turned adult content off. */
  image_is_nsfw: z.boolean().optional(),
  /**
   * On a user message, the persona name it was written as (a later persona change does not relabel it);
   * null on bot messages and on messages written before names were kept.
   */
  persona_name: z.string().nullable(),
  /** In a group chat: the character who wrote this bot message (see the conversation's group); else null. */
  speaker_id: z.string().nullable().optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationCharacterSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  avatar_url: z.string().nullable(),
  avatar_is_nsfw: z.boolean(),
  creator_username: z.string().nullable(),
});
export type ConversationCharacter = z.infer<typeof conversationCharacterSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  character_id: z.string(),
  character: conversationCharacterSchema,
  user_persona_id: z.string().nullable(),
  label: z.string().nullable(),
  /** A group chat's characters and mode (character_id/character are its first member); null for one character. */
  group: conversationGroupSchema.nullable().optional(),
  last_message: z.object({ content: z.string(), createdAt: z.string() }).nullable(),
  /** True on the last item of the whole list: there is nothing more to load. */
  is_last_id: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CHAT_LIMITS.conversationPageMax)
    .default(CHAT_LIMITS.conversationPageSize),
  /** Cursor: the id of the last conversation of the previous page. */
  last_id: z.uuid("last_id must be a conversation id").optional(),
});
export const conversationListSchema = z.object({ data: z.array(conversationSummarySchema) });
export type ConversationSummaryList = z.infer<typeof conversationListSchema>;

export const conversationDetailSchema = conversationSummarySchema.extend({
  /** The newest CHAT_LIMITS.messagePageSize messages, oldest first; older ones page in through the messages call. */
  messages: z.array(messageSchema),
  /** True when older messages exist than the first one in `messages`. */
  has_more_before: z.boolean(),
  /** All messages of the conversation. */
  message_count: z.number().int(),
  /**
   * The oldest message the last generation still factored in; the chat shows 'Messages before this point
   * are no longer factored into text generation' above it. Null when everything fits.
   */
  oldest_included_message_id: z.string().nullable(),
  persona: personaSchema.nullable(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

/**
 * `GET /api/conversations/{id}/messages?before_id=|after_id=&limit=`: one page of messages, oldest first,
 * strictly before or after the given message (the newest page when neither is given).
 */
export const messagePageQuerySchema = z
  .object({
    before_id: z.uuid("before_id must be a message id").optional(),
    after_id: z.uuid("after_id must be a message id").optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(CHAT_LIMITS.messagePageMax)
      .default(CHAT_LIMITS.messagePageSize),
  })
  .refine((query) => query.before_id === undefined || query.after_id === undefined, {
    message: "Give before_id or after_id, not both",
  });
export type MessagePageQuery = z.infer<typeof messagePageQuerySchema>;
export const messagePageSchema = z.object({
  messages: z.array(messageSchema),
  has_more_before: z.boolean(),
  has_more_after: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const conversationIdParamsSchema = z.object({ id: z.uuid("Conversation id must be a UUID") });
export const messageIdParamsSchema = z.object({ id: z.uuid("Message id must be a UUID") });
export const memoryIdParamsSchema = z.object({ id: z.uuid("Memory id must be a UUID") });

const titleSchema = z
  .string({ error: "Title can't be empty" })
  .trim()
  .min(1, "Title can't be empty")
  .max(CHAT_LIMITS.titleMax, `Title should be at most ${CHAT_LIMITS.titleMax} characters`);

/** `PUT /api/conversations/{id}`: rename and/or change persona (null = the user's default). */
export const conversationUpdateSchema = z
  .object({
    label: titleSchema.optional(),
    user_persona_id: z.uuid("Persona id must be a UUID").nullable().optional(),
  })
  .refine((body) => body.label !== undefined || body.user_persona_id !== undefined, {
    message: "Nothing to update",
  });
export type ConversationUpdate = z.infer<typeof conversationUpdateSchema>;

/** `POST /api/conversations/{id}/clone`: full, or partial up to and including up_to_message_id. */
export const conversationCloneSchema = z.object({
  title: titleSchema,
  up_to_message_id: z.uuid("Message id must be a UUID").optional(),
});
export type ConversationClone = z.infer<typeof conversationCloneSchema>;

/** `DELETE /api/conversations/{id}/messages?from_message_id=`: that message and all after it. */
export const removeMessagesQuerySchema = z.object({
  from_message_id: z.uuid("Choose the first message to remove"),
});
export const removeMessagesResultSchema = z.object({ removed: z.number().int() });
export type RemoveMessagesResult = z.infer<typeof removeMessagesResultSchema>;

export const messageUpdateSchema = z.object({
  content: z
    .string({ error: "Message can't be empty" })
    .trim()
    .min(1, "Message can't be empty")
    .max(CHAT_LIMITS.messageMax, `Message should be at most ${CHAT_LIMITS.messageMax} characters`),
});
export const messageAlternateSchema = z.object({ index: z.number().int().min(0) });

/**
 * `POST /api/messages/{id}/rating`: a star (1..4) and/or a reason label. A label may follow a star given
 * without one (the same star, or none named); anything else on a rated message answers 409.
 */
export const messageRatingSchema = z
  .object({
    rating: z.number().int().min(1).max(4).optional(),
    label: z.string().trim().min(1).max(CHAT_LIMITS.ratingLabelMax).optional(),
  })
  .refine((body) => body.rating !== undefined || body.label !== undefined, {
    message: "Choose a rating",
  });

/** `POST /api/messages/{id}/report` (chat spec 3, Message report). */
export const messageReportSchema = z.object({
  conversation_id: z.uuid("Conversation id must be a UUID"),
  character_id: z.uuid("Character id must be a UUID"),
  label: z.string().trim().min(1, "Choose a reason").max(CHAT_LIMITS.reportLabelMax),
  comment: z
    .string()
    .trim()
    .max(CHAT_LIMITS.reportCommentMax, `Comment should be at most ${CHAT_LIMITS.reportCommentMax} characters`)
    .default(""),
});
export const messageReportResultSchema = z.object({ id: z.string() });
export type MessageReportResult = z.infer<typeof messageReportResultSchema>;

export const memorySchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  content: z.string(),
  pinned: z.boolean(),
  /** user: written in the memory manager; auto: a summary the server wrote (conversation_memory_auto). */
  source: z.enum(["user", "auto"]),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Memory = z.infer<typeof memorySchema>;
export const memoryListSchema = z.object({ data: z.array(memorySchema) });

const memoryContentSchema = z
  .string({ error: "Memory can't be empty" })
  .trim()
  .min(1, "Memory can't be empty")
  .max(CHAT_LIMITS.memoryMax, `Memory should be at most ${CHAT_LIMITS.memoryMax} characters`);
export const memoryCreateSchema = z.object({
  content: memoryContentSchema,
  pinned: z.boolean().default(false),
});
export const memoryUpdateSchema = z
  .object({ content: memoryContentSchema.optional(), pinned: z.boolean().optional() })
  .refine((body) => body.content !== undefined || body.pinned !== undefined, {
    message: "Nothing to update",
  });

/**
 * What one generation does. On the wire it is the spec's flags (`message`, `regenerate`, `continue_chat`,
 * `resubmit`, `autopilot`; `type` is "text"); `generateRequestSchema` parses them into this union, which
 * the server switches on. `resubmit` retries the last failed generation: a reply to the last user message,
 * or a new alternate when the last message is the bot's. `autopilot` streams a suggested user message
 * that is not saved.
 */
export type GenerationMode =
  | { kind: "message"; text: string }
  /** `messageId`: an older bot message to give a new version (target_message_id); the last one without it. */
  | { kind: "regenerate"; messageId?: string }
  | { kind: "continue" }
  | { kind: "resubmit" }
  | { kind: "autopilot" }
  /** Group chats' 'speak now': a new reply with no new message (the speaker in `speaker_id`). */
  | { kind: "speak" }
  /**
   * `type: "image"`: a new image message, from `prompt` (the member's) or one built from the chat; with
   * `messageId` (target_message_id, an image message) that message's image is made again.
   */
  | { kind: "image"; prompt: string | null; messageId?: string };
export type GenerationModeKind = GenerationMode["kind"];

/** The modes that act on an existing conversation's last messages. */
const MODES_NEEDING_A_CONVERSATION: readonly GenerationModeKind[] = [
  "regenerate",
  "continue",
  "resubmit",
  "speak",
];

/** The request flags as they travel (`POST /api/generate`). */
type GenerationFlags = {
  message?: string | undefined;
  regenerate?: boolean | undefined;
  continue_chat?: boolean | undefined;
  resubmit?: boolean | undefined;
  autopilot?: boolean | undefined;
  speak?: boolean | undefined;
  conversation_id?: string | undefined;
  target_message_id?: string | undefined;
};

/** Why the flags name no single mode: the field to show it on (none for the whole request) and the text. */
export type GenerationModeIssue = { path: string[]; message: string };

/**
 * The mode the flags name, or why they name none: exactly one of a message or a flag set to true, and
 * regenerate, continue and resubmit need an existing conversation. Pure; `generateRequestSchema` runs it.
 */
export function parseGenerationMode(
  flags: GenerationFlags,
): { mode: GenerationMode } | { issue: GenerationModeIssue } {
  const modes: GenerationMode[] = [];
  if (flags.message !== undefined) modes.push({ kind: "message", text: flags.message });
  if (flags.regenerate) modes.push({ kind: "regenerate" });
  if (flags.continue_chat) modes.push({ kind: "continue" });
  if (flags.resubmit) modes.push({ kind: "resubmit" });
  if (flags.autopilot) modes.push({ kind: "autopilot" });
  if (flags.speak) modes.push({ kind: "speak" });
  const [mode, ...others] = modes;
  if (!mode) return { issue: { path: ["message"], message: "Message can't be empty" } };
  if (others.length > 0) {
    return {
      issue: { path: [], message: "Choose one of message, regenerate, continue_chat, resubmit, autopilot" },
    };
  }
  if (MODES_NEEDING_A_CONVERSATION.includes(mode.kind) && flags.conversation_id === undefined) {
    return { issue: { path: ["conversation_id"], message: "This needs an existing conversation" } };
  }
  if (flags.target_message_id !== undefined) {
    if (mode.kind !== "regenerate") {
      return {
        issue: { path: ["target_message_id"], message: "Only a regenerated reply can name its message" },
      };
    }
    return { mode: { kind: "regenerate", messageId: flags.target_message_id } };
  }
  return { mode };
}

/** `type: "image"`: an image in an existing conversation; no text flags with it. */
function parseImageMode(flags: {
  conversation_id?: string | undefined;
  image_prompt?: string | undefined;
  target_message_id?: string | undefined;
  message?: string | undefined;
  regenerate?: boolean | undefined;
  continue_chat?: boolean | undefined;
  resubmit?: boolean | undefined;
  autopilot?: boolean | undefined;
  speak?: boolean | undefined;
}): { mode: GenerationMode } | { issue: GenerationModeIssue } {
  if (
    flags.message !== undefined ||
    flags.regenerate ||
    flags.continue_chat ||
    flags.resubmit ||
    flags.autopilot ||
    flags.speak
  ) {
    return { issue: { path: [], message: "An image request takes no message or text flags" } };
  }
  if (flags.conversation_id === undefined) {
    return { issue: { path: ["conversation_id"], message: "This needs an existing conversation" } };
  }
  return {
    mode: {
      kind: "image",
      prompt: flags.image_prompt ?? null,
      ...(flags.target_message_id ? { messageId: flags.target_message_id } : {}),
    },
  };
}

/**
 * `POST /api/generate`: the spec's flags on the wire, parsed into `mode` (see GenerationMode). A missing
 * conversation_id starts a new conversation (seeded with the character's greeting). generation_settings
 * are honored only with the generation_settings permission; persona_id applies to a new conversation.
 */
export const generateRequestSchema = z
  .object({
    character_id: z.uuid("Character id must be a UUID"),
    conversation_id: z.uuid("Conversation id must be a UUID").optional(),
    type: z.enum(["text", "image"]),
    /** type "image": the member's prompt (an edited one); left out, the prompt is built from the chat. */
    image_prompt: z
      .string()
      .trim()
      .min(1, "Prompt can't be empty")
      .max(IMAGE_LIMITS.promptMax, `Prompt should be at most ${IMAGE_LIMITS.promptMax} characters`)
      .optional(),
    message: z
      .string()
      .trim()
      .min(1, "Message can't be empty")
      .max(CHAT_LIMITS.messageMax, `Message should be at most ${CHAT_LIMITS.messageMax} characters`)
      .optional(),
    regenerate: z.boolean().optional(),
    continue_chat: z.boolean().optional(),
    resubmit: z.boolean().optional(),
    autopilot: z.boolean().optional(),
    /** A new reply with no new message (group chats' 'speak now', with speaker_id). */
    speak: z.boolean().optional(),
    /**
     * With regenerate: the bot message (of this conversation) that gets a new version, written from the
     * messages before it; the messages after it are kept. Without it, the last message.
     */
    target_message_id: z.uuid("Message id must be a UUID").optional(),
    persona_id: z.uuid("Persona id must be a UUID").optional(),
    generation_settings: generationSettingsSchema.partial().optional(),
    /** The guest arrived through this character's share link: the waiting room lets them chat with it. */
    shared_link: z.boolean().optional(),
    /**
     * Group chats: the character who writes this reply ('speak now', the manual mode's pick, or another
     * speaker for a regenerated reply); left out, the group's mode chooses (regenerate keeps the speaker).
     */
    speaker_id: z.uuid("Speaker must be a character id").optional(),
  })
  .transform((body, ctx) => {
    const parsed = body.type === "image" ? parseImageMode(body) : parseGenerationMode(body);
    if ("issue" in parsed) {
      ctx.issues.push({
        code: "custom",
        input: body,
        path: parsed.issue.path,
        message: parsed.issue.message,
      });
      return z.NEVER;
    }
    return {
      character_id: body.character_id,
      conversation_id: body.conversation_id,
      persona_id: body.persona_id,
      generation_settings: body.generation_settings,
      shared_link: body.shared_link ?? false,
      speaker_id: body.speaker_id,
      mode: parsed.mode,
    };
  });
/**
 * A reply's event stream outlives its connection: each event carries an SSE `id` (1, 2, ...), and a client
 * that lost the connection asks `GET /api/generate/{stream_id}` with `Last-Event-ID` (on any instance) for
 * the events after it, without gaps or repeats. A connection lost without a resume for `resumeGraceMs`
 * stops the model (the part written is kept, cut); `DELETE /api/generate/{stream_id}` (Stop) stops it at
 * once. An ended stream can be resumed for `retentionMs`.
 */
export const REPLY_STREAM = { resumeGraceMs: 10_000, retentionMs: 60_000 } as const;
export const replyStreamParamsSchema = z.object({ stream_id: z.uuid("Stream id must be a UUID") });
export const replyStreamStopSchema = z.object({ stopped: z.boolean() });
export type ReplyStreamStop = z.infer<typeof replyStreamStopSchema>;

/** The request as clients send it: the spec's flags. */
export type GenerateRequest = z.input<typeof generateRequestSchema>;
/** The request as the server reads it: one `mode`. */
export type ParsedGenerateRequest = z.output<typeof generateRequestSchema>;

/**
 * SSE events of `POST /api/generate` (`event: NAME` + `data: JSON`):
 * - `start` once: the conversation (new or existing) and the saved user message (null for regenerate,
 *   continue, resubmit, autopilot);
 * - `token` per piece, in order;
 * - then exactly one of `done` or `error`.
 */
export const generateStartEventSchema = z.object({
  /** Names the reply's stream: `GET /api/generate/{stream_id}` resumes it, `DELETE` stops it (REPLY_STREAM). */
  stream_id: z.string(),
  conversation_id: z.string(),
  user_message: messageSchema.nullable(),
  /** Group chats only: the character who writes this reply (so the chat names it while it streams). */
  speaker_id: z.string().optional(),
});
export const generateTokenEventSchema = z.object({ text: z.string() });
export const generateDoneEventSchema = z.object({
  conversation_id: z.string(),
  /** The saved bot message (new, regenerated with its alternates, or continued); null for autopilot. */
  message: messageSchema.nullable(),
  /** autopilot only: the suggested user message (not saved). */
  suggestion: z.string().nullable(),
  oldest_included_message_id: z.string().nullable(),
});
export const generateErrorEventSchema = errorBodySchema;
export type GenerateStartEvent = z.infer<typeof generateStartEventSchema>;
export type GenerateTokenEvent = z.infer<typeof generateTokenEventSchema>;
export type GenerateDoneEvent = z.infer<typeof generateDoneEventSchema>;
export type GenerateErrorEvent = z.infer<typeof generateErrorEventSchema>;

/**
 * One event of the stream as a value: its name (the SSE `event:` line) and its data (the `data:` JSON).
 * The server writes nothing else; a client parses a received event through it (`parseGenerateEvent`).
 */
export const generateEventSchema = z.discriminatedUnion("event", [
  z.object({ event: z.literal("start"), data: generateStartEventSchema }),
  z.object({ event: z.literal("token"), data: generateTokenEventSchema }),
  /** type "image" only: progress while the image is made (contracts images.ts). */
  z.object({ event: z.literal("image_progress"), data: imageProgressEventSchema }),
  z.object({ event: z.literal("done"), data: generateDoneEventSchema }),
  z.object({ event: z.literal("error"), data: generateErrorEventSchema }),
]);
export type GenerateEvent = z.infer<typeof generateEventSchema>;
export type GenerateEventName = GenerateEvent["event"];
/** Every event name of the stream, from the union. */
export const GENERATE_EVENTS: readonly GenerateEventName[] = generateEventSchema.options.map(
  (option) => option.shape.event.value,
);

/**
 * A received server-sent event (its name and data text) as a typed event; null for a name the stream
 * does not send (to skip), and a ZodError for data that breaks the contract or is not JSON.
 */
export function parseGenerateEvent(name: string, data: string): GenerateEvent | null {
  if (!GENERATE_EVENTS.some((known) => known === name)) return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    json = undefined;
  }
  return generateEventSchema.parse({ event: name, data: json });
}
