import { z } from "zod";
import { conversationGroupSchema, groupModeSchema } from "./chat";

/**
 * Group chats: how many characters one holds (ours; SillyTavern sets none, but every reply's prompt
 * carries the speaker's card and a long group is hard to follow), and the talkativeness a card without
 * one gets (SillyTavern's `extensions.talkativeness`, 0..1).
 */
export const GROUP_LIMITS = { minCharacters: 2, maxCharacters: 8 } as const;
export const DEFAULT_TALKATIVENESS = 0.5;

export const GROUP_MESSAGES = {
  tooFew: `A group chat needs at least ${GROUP_LIMITS.minCharacters} characters`,
  tooMany: `A group chat has at most ${GROUP_LIMITS.maxCharacters} characters`,
  duplicate: "Each character can join a group once",
  chooseSpeaker: "Choose who answers",
  notMember: "This character is not part of the group",
  alreadyMember: "This character is already part of the group",
  notGroup: "This conversation is not a group chat",
  lastMembers: `A group chat keeps at least ${GROUP_LIMITS.minCharacters} characters`,
  order: "List every character of the group once",
} as const;

const characterIdsSchema = z
  .array(z.uuid("Character id must be a UUID"))
  .min(GROUP_LIMITS.minCharacters, GROUP_MESSAGES.tooFew)
  .max(GROUP_LIMITS.maxCharacters, GROUP_MESSAGES.tooMany)
  .refine((ids) => new Set(ids).size === ids.length, GROUP_MESSAGES.duplicate);

/**
 * `POST /api/group-chats`: a new group chat with these characters in this order (each greets in turn);
 * answers the conversation's summary (201).
 */
export const groupCreateSchema = z.object({
  character_ids: characterIdsSchema,
  mode: groupModeSchema.default("natural"),
  persona_id: z.uuid("Persona id must be a UUID").optional(),
});
export type GroupCreate = z.input<typeof groupCreateSchema>;

/** `PUT /api/conversations/{id}/group`: change the mode and/or the list order (every member once). */
export const groupUpdateSchema = z
  .object({
    mode: groupModeSchema.optional(),
    order: z.array(z.uuid("Character id must be a UUID")).max(GROUP_LIMITS.maxCharacters).optional(),
  })
  .refine((body) => body.mode !== undefined || body.order !== undefined, { message: "Nothing to update" });
export type GroupUpdate = z.infer<typeof groupUpdateSchema>;

/** `POST /api/conversations/{id}/group/characters`: a character joins (at the end of the list). */
export const groupMemberAddSchema = z.object({ character_id: z.uuid("Character id must be a UUID") });
export type GroupMemberAdd = z.infer<typeof groupMemberAddSchema>;

/** `PATCH /api/conversations/{id}/group/characters/{character_id}`: mute or unmute. */
export const groupMemberUpdateSchema = z.object({ muted: z.boolean() });
export type GroupMemberUpdate = z.infer<typeof groupMemberUpdateSchema>;

export const groupMemberParamsSchema = z.object({
  id: z.uuid("Conversation id must be a UUID"),
  character_id: z.uuid("Character id must be a UUID"),
});

/**
 * What the group calls answer: the conversation's group after the change; `GET` answers null for a
 * member's chat with one character (so a chat page can ask any of its conversations).
 */
export const groupAnswerSchema = z.object({ group: conversationGroupSchema.nullable() });
export type GroupAnswer = z.infer<typeof groupAnswerSchema>;

/** `POST /api/generate` with `speak: true` (group chats' 'speak now'): a new reply with no new message. */
export const SPEAK_NOW = "speak" as const;
