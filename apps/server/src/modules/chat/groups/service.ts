import {
  type ConversationSummary,
  GROUP_MESSAGES,
  type GroupAnswer,
  type GroupCreate,
  type GroupUpdate,
  type groupCreateSchema,
} from "@hearth/contracts";
import { applyMacros } from "@hearth/prompt";
import type { z } from "zod";
import type { Database } from "../../../db/client";
import { AppError, notFound } from "../../../http/errors";
import { presentConversationSummary } from "../conversations/presenter";
import { findOwnConversation, listConversations } from "../conversations/repository";
import type { ConversationMember } from "../conversations/service";
import { newMessage } from "../generation/chat-store";
import { findGenerationFacts } from "../generation/repository";
import { can } from "./policy";
import { presentGroup } from "./presenter";
import {
  addMember,
  findOwnGroup,
  type GroupRows,
  insertGroupConversation,
  removeMember,
  reorderMembers,
  setGroupMode,
  setMuted,
} from "./repository";

const invalid = (field: string, message: string) =>
  new AppError(400, "validation_error", message, { [field]: message });

/** A character the member may put in a group (the checks of a chat with it alone), with its facts. */
async function includable(
  db: Database,
  viewer: ConversationMember,
  characterId: string,
  personaId: string | null,
) {
  const facts = await findGenerationFacts(db, characterId, {
    userId: viewer.userId,
    requestedPersonaId: personaId,
    conversationId: null,
  });
  if (!facts) throw new AppError(403, "invalidAccess");
  if (!can(viewer, "include", facts)) {
    throw new AppError(403, facts.creatorBlocked ? "blockedBotCreator" : "invalidAccess");
  }
  return facts;
}

async function summaryOf(db: Database, viewer: ConversationMember, id: string): Promise<ConversationSummary> {
  const [row] = await listConversations(db, { userId: viewer.userId, brand: viewer.brand, limit: 1, id });
  if (!row) throw notFound();
  return presentConversationSummary(row, viewer, false);
}

/**
 * A new group chat: every character checked as for a chat with it alone; each greets in list order (its
 * greeting labelled with it). Answers the conversation's summary.
 */
export async function createGroupChat(
  db: Database,
  viewer: ConversationMember & { displayName: string },
  body: z.output<typeof groupCreateSchema>,
): Promise<ConversationSummary> {
  const personaId = body.persona_id ?? null;
  const all = await Promise.all(body.character_ids.map((id) => includable(db, viewer, id, personaId)));
  const personas = all[0]?.personas ?? [];
  const persona = personaId
    ? personas.find((choice) => choice.id === personaId)
    : personas.find((choice) => choice.isDefault);
  if (personaId && !persona) throw invalid("persona_id", "This persona does not exist.");
  const userName = persona?.name ?? viewer.displayName;
  const greetings = all.flatMap((character) => {
    const text = applyMacros(character.greeting, { char: character.name, user: userName }).trim();
    return text ? [{ ...newMessage("", "bot", text), characterId: character.id }] : [];
  });
  const id = await insertGroupConversation(
    db,
    { userId: viewer.userId, characterIds: body.character_ids, mode: body.mode, userPersonaId: personaId },
    greetings,
  );
  return summaryOf(db, viewer, id);
}

export type { GroupCreate };

async function ownGroup(db: Database, viewer: ConversationMember, id: string): Promise<GroupRows> {
  const group = await findOwnGroup(db, id, viewer);
  if (!group) throw notFound();
  return group;
}

/** The group of one of the member's conversations; null for a chat with one character. */
export async function getGroup(db: Database, viewer: ConversationMember, id: string): Promise<GroupAnswer> {
  const group = await findOwnGroup(db, id, viewer);
  if (group) return { group: presentGroup(group, viewer) };
  if (!(await findOwnConversation(db, id, viewer))) throw notFound();
  return { group: null };
}

/** Changes the mode and/or the list order (every character of the group, once). */
export async function updateGroup(
  db: Database,
  viewer: ConversationMember,
  id: string,
  body: GroupUpdate,
): Promise<GroupAnswer> {
  const group = await ownGroup(db, viewer, id);
  if (body.order) {
    const ids = new Set(group.members.map((member) => member.id));
    const order = body.order;
    if (
      order.length !== ids.size ||
      new Set(order).size !== order.length ||
      !order.every((m) => ids.has(m))
    ) {
      throw invalid("order", GROUP_MESSAGES.order);
    }
    await reorderMembers(db, id, order);
  }
  if (body.mode) await setGroupMode(db, id, body.mode);
  return getGroup(db, viewer, id);
}

/** A character joins at the end of the list (checked as for a chat with it alone). */
export async function addGroupMember(
  db: Database,
  viewer: ConversationMember,
  id: string,
  characterId: string,
): Promise<GroupAnswer> {
  const group = await ownGroup(db, viewer, id);
  if (group.members.some((member) => member.id === characterId)) {
    throw invalid("character_id", GROUP_MESSAGES.alreadyMember);
  }
  if (!can(viewer, "grow", { size: group.members.length }))
    throw invalid("character_id", GROUP_MESSAGES.tooMany);
  await includable(db, viewer, characterId, null);
  try {
    await addMember(db, id, characterId);
  } catch (error) {
    // Two adds of the same character at once: the second hits the primary key.
    if (isUniqueViolation(error)) throw invalid("character_id", GROUP_MESSAGES.alreadyMember);
    throw error;
  }
  return getGroup(db, viewer, id);
}

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === "object" &&
  error !== null &&
  ((error as { code?: unknown }).code === "23505" ||
    ((error as { cause?: unknown }).cause !== undefined &&
      isUniqueViolation((error as { cause: unknown }).cause)));

/** A character leaves (its past messages stay, labelled with it); at least two stay. */
export async function removeGroupMember(
  db: Database,
  viewer: ConversationMember,
  id: string,
  characterId: string,
): Promise<GroupAnswer> {
  const group = await ownGroup(db, viewer, id);
  if (!group.members.some((member) => member.id === characterId)) throw notFound();
  if (!can(viewer, "shrink", { size: group.members.length })) {
    throw new AppError(409, "validation_error", GROUP_MESSAGES.lastMembers);
  }
  const remaining = group.members.filter((member) => member.id !== characterId).map((member) => member.id);
  await removeMember(db, id, characterId, remaining);
  return getGroup(db, viewer, id);
}

/** Mutes (never chosen to speak; 'speak now' still makes it) or unmutes a character. */
export async function setGroupMemberMuted(
  db: Database,
  viewer: ConversationMember,
  id: string,
  characterId: string,
  muted: boolean,
): Promise<GroupAnswer> {
  const group = await ownGroup(db, viewer, id);
  if (!group.members.some((member) => member.id === characterId)) throw notFound();
  await setMuted(db, id, characterId, muted);
  return getGroup(db, viewer, id);
}
