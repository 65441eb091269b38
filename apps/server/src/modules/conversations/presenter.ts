import type { ConversationSummary, Memory, Message } from "@hearth/contracts";
import type { MemoryRow, MessageRow } from "../../db/schema";
import type { ConversationListRow } from "./repository";

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

export function presentConversationSummary(row: ConversationListRow, isLast: boolean): ConversationSummary {
  return {
    id: row.id,
    character_id: row.characterId,
    character: {
      id: row.character.id,
      name: row.character.name,
      title: row.character.title,
      avatar_url: row.character.avatarUrl,
      avatar_is_nsfw: row.character.avatarIsNsfw,
      creator_username: row.character.creatorUsername,
    },
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
