import type { Message, MessagePage, MessageReportResult } from "@hearth/contracts";
import type { MessageRow } from "../../../db/schema";
import { iso } from "../conversations/presenter";

/** A message of a conversation (members' rows and guests' in-memory messages alike), with its rating. */
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
    image_is_nsfw: row.imageIsNsfw ?? false,
    persona_name: row.personaName,
    speaker_id: row.characterId ?? null,
  };
}

/**
 * `GET /api/conversations/{id}/messages` (members' and guests'), and the newest page inside a conversation's
 * detail: the page's messages in order, and whether more lie before and after it.
 */
export function presentMessagePage(
  rows: readonly (MessageRow & { rating?: number | null; ratingLabel?: string | null })[],
  hasMoreBefore: boolean,
  hasMoreAfter: boolean,
): MessagePage {
  return {
    messages: rows.map((row) => presentMessage(row)),
    has_more_before: hasMoreBefore,
    has_more_after: hasMoreAfter,
  };
}

/** `POST /api/messages/{id}/report`: the stored report's id. */
export function presentMessageReport(reportId: string): MessageReportResult {
  return { id: reportId };
}
