import { GROUP_MESSAGES, type GroupMode } from "@hearth/contracts";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { ServerConfig } from "../../../config";
import type { Database } from "../../../db/client";
import { characters, conversationCharacters, conversations, type MessageRow } from "../../../db/schema";
import { AppError } from "../../../http/errors";
import type { AuthContext } from "../../../kernel/auth-context";
import { can as characterCan, viewerOf } from "../../characters/index";
import type { ReplyWrite } from "../generation/chat-store";
import { can as generationCan } from "../generation/policy";
import type { findGenerationFacts } from "../generation/repository";
import { chooseSpeaker, type SpeakerCandidate, seedOf, talkativenessOf } from "./speaker";

type Facts = NonNullable<Awaited<ReturnType<typeof findGenerationFacts>>>;

/** A group chat as its generation reads it: the mode and the characters in list order. */
export type GenerationGroup = { mode: GroupMode; members: SpeakerCandidate[] };

/**
 * The group of a member's conversation (the owner is part of the query), or null for a chat with one
 * character, someone else's conversation, or none. One query, read beside the conversation.
 */
export async function findGenerationGroup(
  db: Database,
  conversationId: string,
  userId: string,
): Promise<GenerationGroup | null> {
  const rows = await db
    .select({
      mode: conversations.groupMode,
      id: characters.id,
      name: characters.name,
      muted: conversationCharacters.muted,
      cardExtras: characters.cardExtras,
    })
    .from(conversationCharacters)
    .innerJoin(
      conversations,
      and(eq(conversations.id, conversationCharacters.conversationId), eq(conversations.userId, userId)),
    )
    .innerJoin(characters, eq(characters.id, conversationCharacters.characterId))
    .where(eq(conversationCharacters.conversationId, conversationId))
    .orderBy(asc(conversationCharacters.position));
  const mode = rows[0]?.mode;
  if (!mode) return null;
  return {
    mode,
    members: rows.map((row) => ({
      id: row.id,
      name: row.name,
      muted: row.muted,
      talkativeness: talkativenessOf(row.cardExtras),
    })),
  };
}

/** Whether the request's character may stand for the conversation: its own, or one of its group's. */
export const standsForConversation = (
  group: GenerationGroup | null,
  conversationCharacterId: string,
  characterId: string,
): boolean =>
  conversationCharacterId === characterId ||
  (group?.members.some((member) => member.id === characterId) ?? false);

/**
 * Who writes a reply and what of the others its prompt sees. In a chat with one character: that character
 * (its own card, the history as it is). In a group: that character's card, a line that names the group,
 * and the history with every other character's messages prefixed with its name.
 */
export type ReplySpeaker = {
  facts: Facts;
  /** Set in group chats: saved on the reply as messages.character_id. */
  groupSpeakerId: string | null;
  /** Characters' names by id, for the history's prefixes (group chats only). */
  names: Map<string, string>;
  others: string[];
};

const invalidSpeaker = (message: string) =>
  new AppError(400, "validation_error", message, { speaker_id: message });

/** A chat with one character: a speaker_id other than that character is refused. */
export function soleSpeaker(facts: Facts, requestedId: string | undefined): ReplySpeaker {
  if (requestedId !== undefined && requestedId !== facts.id) throw invalidSpeaker(GROUP_MESSAGES.notGroup);
  return { facts, groupSpeakerId: null, names: new Map(), others: [] };
}

/**
 * The group's speaker for this reply: the one asked for ('speak now', the manual pick, another speaker for
 * a regenerated reply), else the regenerated or continued reply's own speaker, else the mode's choice
 * (chooseSpeaker, seeded by the conversation and its length). Checked as a chat with it alone would be.
 */
export async function groupSpeaker(
  db: Database,
  auth: AuthContext,
  config: Pick<ServerConfig, "brand">,
  input: {
    group: GenerationGroup;
    conversationId: string;
    requestedId: string | undefined;
    mode: "message" | "regenerate" | "continue" | "autopilot";
    target: MessageRow | null;
    history: readonly MessageRow[];
    userText: string | null;
    /** The request's character's facts (re-used when it is the speaker). */
    requested: Facts;
    readFacts: (characterId: string) => ReturnType<typeof findGenerationFacts>;
  },
): Promise<ReplySpeaker> {
  const { group, requestedId, target, history } = input;
  const isMember = (id: string | null | undefined) => group.members.some((member) => member.id === id);
  let speakerId: string | null;
  if (requestedId !== undefined) {
    if (!isMember(requestedId)) throw invalidSpeaker(GROUP_MESSAGES.notMember);
    speakerId = requestedId;
  } else if ((input.mode === "regenerate" || input.mode === "continue") && target?.characterId) {
    if (!isMember(target.characterId)) throw invalidSpeaker(GROUP_MESSAGES.notMember);
    speakerId = target.characterId;
  } else {
    const lastBot = [...history].reverse().find((message) => message.role === "bot");
    const lastUser = [...history].reverse().find((message) => message.role === "user");
    speakerId = chooseSpeaker({
      mode: group.mode,
      members: group.members,
      lastSpeakerId: lastBot?.characterId ?? null,
      lastUserText: input.userText ?? lastUser?.content ?? null,
      seed: seedOf(`${input.conversationId}:${history.length}`),
    });
    // Autopilot writes the member's line: any character's card serves when the group would not choose.
    if (speakerId === null && input.mode === "autopilot") speakerId = input.requested.id;
    if (speakerId === null) throw invalidSpeaker(GROUP_MESSAGES.chooseSpeaker);
  }
  const facts = speakerId === input.requested.id ? input.requested : await input.readFacts(speakerId);
  if (!facts || !characterCan(viewerOf(auth, config), "view", facts))
    throw new AppError(403, "invalidAccess");
  if (!generationCan(auth, "chat_with", facts)) throw new AppError(403, "blockedBotCreator");

  const names = new Map(group.members.map((member) => [member.id, member.name]));
  const formerIds = [
    ...new Set(
      history.flatMap((message) =>
        message.characterId && !names.has(message.characterId) ? [message.characterId] : [],
      ),
    ),
  ];
  if (formerIds.length > 0) {
    const former = await db
      .select({ id: characters.id, name: characters.name })
      .from(characters)
      .where(inArray(characters.id, formerIds));
    for (const row of former) names.set(row.id, row.name);
  }
  const others = group.members.filter((member) => member.id !== facts.id).map((member) => member.name);
  return { facts, groupSpeakerId: facts.id, names, others };
}

/** The speaker's card for the prompt; in a group its scenario ends with who else is there. */
export function promptCharacter(speaker: ReplySpeaker) {
  const { facts } = speaker;
  const note =
    speaker.groupSpeakerId && speaker.others.length > 0
      ? `[Group chat: ${facts.name} is talking with {{user}}, ${speaker.others.join(", ")}. Other characters' lines are prefixed with their names. Write only ${facts.name}'s next reply.]`
      : "";
  return {
    name: facts.name,
    persona: facts.persona,
    scenario: note ? [facts.scenario, note].filter(Boolean).join("\n\n") : facts.scenario,
    dialogue: facts.dialogue,
  };
}

/** The history for the prompt: in a group, other characters' messages start with their names. */
export function promptHistory(history: readonly MessageRow[], speaker: ReplySpeaker) {
  return history.map((message) => {
    const by =
      message.role === "bot" && message.characterId !== speaker.groupSpeakerId ? message.characterId : null;
    const name = speaker.groupSpeakerId && by ? speaker.names.get(by) : undefined;
    return {
      id: message.id,
      role: message.role,
      content: name ? `${name}: ${message.content}` : message.content,
    };
  });
}

/** Stop sequences beyond the reply's own: the group's other characters starting a line. */
export const groupStops = (speaker: ReplySpeaker): string[] => speaker.others.map((name) => `\n${name}:`);

/** A reply's write labelled with its group speaker (chats with one character leave it unset). */
export function withSpeaker<T>(
  speakerId: string | null,
  write: (current: T) => ReplyWrite,
): (current: T) => ReplyWrite {
  return speakerId === null ? write : (current) => ({ ...write(current), characterId: speakerId });
}
