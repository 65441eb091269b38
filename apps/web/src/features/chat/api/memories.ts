import { type Memory, memoryListSchema, memorySchema } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { chatKeys } from "./query-keys";

/** A conversation's memories (`GET /api/conversations/{id}/memories`). */
export function useMemories(conversationId: string, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.memories(conversationId),
    queryFn: ({ signal }) =>
      apiFetch(`/conversations/${encodeURIComponent(conversationId)}/memories`, {
        schema: memoryListSchema,
        signal,
      }),
    enabled,
  });
}

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
