import { type ChatImportBody, type ChatImportResult, chatImportResultSchema } from "@hearth/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { conversationKeys } from "../../../api/conversations";
import { apiFetch } from "../../../lib/api-client";

/** `POST /api/conversations/import`: the file's text with the chosen character; the saved chats refresh. */
export function useImportChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChatImportBody): Promise<ChatImportResult> =>
      apiFetch("/conversations/import", { method: "POST", body, schema: chatImportResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.lists }),
  });
}
