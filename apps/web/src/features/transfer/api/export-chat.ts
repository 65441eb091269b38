import type { ChatFileFormat } from "@hearth/contracts";
import { useMutation } from "@tanstack/react-query";
import { apiFetchFile } from "../../../lib/api-client";
import { saveFile } from "../lib/save-file";

/** The file's name when the server sends none. */
export const fallbackChatFileName = (format: ChatFileFormat) =>
  format === "sillytavern" ? "chat.jsonl" : "chat.hearth.json";

/** `GET /api/conversations/{id}/export?format=`, downloaded as a file. */
export function useExportChat() {
  return useMutation({
    mutationFn: async ({ conversationId, format }: { conversationId: string; format: ChatFileFormat }) => {
      const { blob, filename } = await apiFetchFile(
        `/conversations/${encodeURIComponent(conversationId)}/export?format=${format}`,
      );
      saveFile(blob, filename ?? fallbackChatFileName(format));
    },
  });
}
