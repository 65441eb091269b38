import { conversationDetailSchema } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { chatKeys } from "./query-keys";

/** One conversation with all its messages (`GET /api/conversations/{id}`). */
export function useConversation(id: string | undefined) {
  return useQuery({
    queryKey: chatKeys.conversation(id ?? ""),
    queryFn: ({ signal }) =>
      apiFetch(`/conversations/${encodeURIComponent(id ?? "")}`, {
        schema: conversationDetailSchema,
        signal,
      }),
    enabled: Boolean(id),
    retry: false,
    refetchOnWindowFocus: false,
  });
}
