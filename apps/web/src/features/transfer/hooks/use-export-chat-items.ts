import type { ChatFileFormat } from "@hearth/contracts";
import { useExportChat } from "../api/export-chat";

export type ExportChatItem = { key: string; label: string; format: ChatFileFormat; onSelect: () => void };

export const EXPORT_TEXT = {
  sillytavern: "Export chat (SillyTavern .jsonl)",
  hearth: "Export chat (Hearth .json)",
  failed: "The chat could not be exported. Please try again.",
} as const;

/** The chat menu's 'Export chat' options for a saved conversation (none before it is saved). */
export function useExportChatItems(conversationId: string | undefined) {
  const exportChat = useExportChat();
  const items: ExportChatItem[] = conversationId
    ? (["sillytavern", "hearth"] as const).map((format) => ({
        key: `export-${format}`,
        label: EXPORT_TEXT[format],
        format,
        onSelect: () => exportChat.mutate({ conversationId, format }),
      }))
    : [];
  return {
    items,
    pending: exportChat.isPending,
    error: exportChat.error ? EXPORT_TEXT.failed : null,
    reset: exportChat.reset,
  };
}
