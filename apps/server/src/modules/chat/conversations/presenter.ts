import type {
  ConversationCharacter,
  ConversationSummary,
  ConversationSummaryList,
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

export function presentConversationSummary(
  row: ConversationListRow,
  viewer: ConversationViewer,
  isLast: boolean,
): ConversationSummary {
  return {
    id: row.id,
    character_id: row.characterId,
    character: presentConversationCharacter(row.character, viewer),
    user_persona_id: row.userPersonaId,
    label: row.label,
    last_message:
      row.lastMessageContent !== null && row.lastMessageAt !== null
        ? { content: row.lastMessageContent, createdAt: iso(row.lastMessageAt) }
        : null,
    is_last_id: isLast,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** `GET /api/conversations` and a character's conversations: one page of summaries. */
export function presentConversationList(summaries: ConversationSummary[]): ConversationSummaryList {
  return { data: summaries };
}

/** `DELETE /api/conversations/{id}/messages`: how many messages went. */
export function presentMessagesRemoved(removed: number): RemoveMessagesResult {
  return { removed };
}
