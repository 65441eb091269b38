import { type Memory, memoryListSchema } from "@hearth/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../lib/api-client";

export const memoryKeys = {
  all: ["memories"] as const,
  list: (conversationId: string) => ["memories", conversationId] as const,
};

/** A conversation's memories (`GET /api/conversations/{id}/memories`). */
export async function fetchMemories(conversationId: string, signal?: AbortSignal): Promise<Memory[]> {
  return (
    await apiFetch(`/conversations/${encodeURIComponent(conversationId)}/memories`, {
      schema: memoryListSchema,
      signal,
    })
  ).data;
}

export function memoriesQuery(conversationId: string) {
  return queryOptions({
    queryKey: memoryKeys.list(conversationId),
    queryFn: ({ signal }) => fetchMemories(conversationId, signal),
  });
}
