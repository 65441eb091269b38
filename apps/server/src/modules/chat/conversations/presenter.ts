import type {
  ConversationCharacter,
  ConversationDetail,
  ConversationSummary,
  ConversationSummaryList,
  MessagePage,
  Persona,
  RemoveMessagesResult,
} from "@hearth/contracts";
import type { CharacterRow } from "../../../db/schema";
import type { Viewer } from "../../characters/index";
import { canSeeAvatar } from "../../characters/index";
import type { ConversationListRow } from "./repository";

/** Who a conversation answer is for: what the character policies need of the viewer. */
export type ConversationViewer = Pick<Viewer, "userId" | "allowsNsfw">;

/** A guest: never the creator, never shown adult content. */
export const GUEST_CONVERSATION_VIEWER: ConversationViewer = { userId: null, allowsNsfw: false };

/** A timestamp as the contracts send it; rows read through raw SQL may carry it as text. */
export const iso = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The character a conversation is with, for members' and guests' conversations alike: an NSFW avatar only
 * as the character endpoints show it (`canSeeAvatar`).
 */
export function presentConversationCharacter(
  character: Pick<CharacterRow, "id" | "name" | "title" | "avatarUrl" | "avatarIsNsfw" | "creatorUserId"> & {
    creatorUsername: string | null;
  },
  viewer: ConversationViewer,
): ConversationCharacter {
  return {
    id: character.id,
    name: character.name,
    title: character.title,
    avatar_url: canSeeAvatar(character, viewer) ? character.avatarUrl : null,
    avatar_is_nsfw: character.avatarIsNsfw,
    creator_username: character.creatorUsername,
  };
}

/** What a summary is made of: a member's listed row, or a guest's in-memory conversation put in its shape. */
export type ConversationSummarySource = Pick<
  ConversationListRow,
  | "id"
  | "characterId"
  | "character"
  | "userPersonaId"
  | "label"
  | "lastMessageContent"
  | "lastMessageAt"
  | "createdAt"
  | "updatedAt"
> &
  Partial<Pick<ConversationListRow, "groupMode" | "groupMembers">>;

/** A group chat's mode and characters as lists show them (former speakers come with the detail only). */
function presentSummaryGroup(
  row: ConversationSummarySource,
  viewer: ConversationViewer,
): ConversationSummary["group"] {
  if (!row.groupMode) return null;
  return {
    mode: row.groupMode,
    members: (row.groupMembers ?? []).map((member) => ({
      id: member.id,
      name: member.name,
      avatar_url: canSeeAvatar(member, viewer) ? member.avatarUrl : null,
      avatar_is_nsfw: member.avatarIsNsfw,
      muted: member.muted,
      position: member.position,
    })),
    former: [],
  };
}

export function presentConversationSummary(
  row: ConversationSummarySource,
  viewer: ConversationViewer,
  isLast: boolean,
): ConversationSummary {
  return {
    id: row.id,
    character_id: row.characterId,
    character: presentConversationCharacter(row.character, viewer),
    user_persona_id: row.userPersonaId,
    label: row.label,
    // Only group chats carry one: a chat with one character answers as it always did.
    ...(row.groupMode ? { group: presentSummaryGroup(row, viewer) } : {}),
    last_message:
      row.lastMessageContent !== null && row.lastMessageAt !== null
        ? { content: row.lastMessageContent, createdAt: iso(row.lastMessageAt) }
        : null,
    is_last_id: isLast,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/**
 * `GET /api/conversations/{id}`: the summary with the newest page of messages (`has_more_after` is not part
 * of it), how many messages there are, the oldest message the model still sees, and the effective persona.
 */
export function presentConversationDetail(
  summary: ConversationSummary,
  newest: Pick<MessagePage, "messages" | "has_more_before">,
  detail: { messageCount: number; oldestIncludedMessageId: string | null; persona: Persona | null },
): ConversationDetail {
  return {
    ...summary,
    messages: newest.messages,
    has_more_before: newest.has_more_before,
    message_count: detail.messageCount,
    oldest_included_message_id: detail.oldestIncludedMessageId,
    persona: detail.persona,
  };
}

/**
 * `GET /api/conversations/{id}` for a guest: the in-memory conversation as a summary (no persona, no label,
 * always the last of its list; created with its first message, updated with its last, or `now` while empty)
 * with its newest page of messages.
 */
export function presentGuestConversationDetail(
  conversation: { id: string; messages: readonly { content: string; createdAt: Date }[] },
  character: ConversationSummarySource["character"],
  newest: Pick<MessagePage, "messages" | "has_more_before">,
  now: Date,
): ConversationDetail {
  const first = conversation.messages[0];
  const last = conversation.messages.at(-1);
  const summary = presentConversationSummary(
    {
      id: conversation.id,
      characterId: character.id,
      character,
      userPersonaId: null,
      label: null,
      lastMessageContent: last?.content ?? null,
      lastMessageAt: last?.createdAt ?? null,
      createdAt: first?.createdAt ?? now,
      updatedAt: last?.createdAt ?? now,
    },
    GUEST_CONVERSATION_VIEWER,
    true,
  );
  return presentConversationDetail(summary, newest, {
    messageCount: conversation.messages.length,
    oldestIncludedMessageId: null,
    persona: null,
  });
}

/** `GET /api/conversations` and a character's conversations: one page of summaries. */
export function presentConversationList(summaries: ConversationSummary[]): ConversationSummaryList {
  return { data: summaries };
}

/** `DELETE /api/conversations/{id}/messages`: how many messages went. */
export function presentMessagesRemoved(removed: number): RemoveMessagesResult {
  return { removed };
}
