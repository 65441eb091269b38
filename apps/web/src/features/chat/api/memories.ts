import { type Memory, memorySchema } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

/** The memory manager's writes; the list itself is `memoriesQuery` of the shared api/memories. */

export function createMemory(
  conversationId: string,
  body: { content: string; pinned: boolean },
): Promise<Memory> {
  return apiFetch(`/conversations/${encodeURIComponent(conversationId)}/memories`, {
    method: "POST",
    body,
    schema: memorySchema,
  });
}

export function updateMemory(id: string, body: { content?: string; pinned?: boolean }): Promise<Memory> {
  return apiFetch(`/memories/${encodeURIComponent(id)}`, { method: "PUT", body, schema: memorySchema });
}

export function deleteMemory(id: string): Promise<void> {
  return apiFetch(`/memories/${encodeURIComponent(id)}`, { method: "DELETE" });
}
