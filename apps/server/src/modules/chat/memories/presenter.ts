import type { Memory } from "@hearth/contracts";
import type { MemoryRow } from "../../../db/schema";
import { iso } from "../conversations/presenter";

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
