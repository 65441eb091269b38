import type { ConversationCharacter, ConversationSummary, Memory, Message } from "@hearth/contracts";
import type { CharacterRow, MemoryRow, MessageRow } from "../../db/schema";
import { canSeeAvatar } from "../characters/policy";
import type { Viewer } from "../characters/viewer";
import type { ConversationListRow } from "./repository";

/** Who a conversation answer is for: what the character policies need of the viewer. */
export type ConversationViewer = Pick<Viewer, "userId" | "allowsNsfw">;

/** A guest: never the creator, never shown adult content. */
export const GUEST_CONVERSATION_VIEWER: ConversationViewer = { userId: null, allowsNsfw: false };

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

export function presentMessage(
  row: MessageRow & { rating?: number | null; ratingLabel?: string | null },
): Message {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    role: row.role,
    content: row.content,
    status: row.status,
    createdAt: iso(row.createdAt),
    alternates: row.alternates,
    alternate_index: row.alternateIndex,
    rating: row.rating ?? null,
    rating_label: row.ratingLabel ?? null,
    image_url: row.imageUrl,
    image_prompt: row.imagePrompt,
  };
}

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

export function presentMemory(row: MemoryRow): Memory {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    content: row.content,
    pinned: row.pinned,
    source: row.source,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
