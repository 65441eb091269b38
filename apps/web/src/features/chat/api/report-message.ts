import { messageReportResultSchema } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

export type MessageReport = { conversation_id: string; character_id: string; label: string; comment: string };

/** Reports a message (`POST /api/messages/{id}/report`). */
export function reportMessage(id: string, body: MessageReport): Promise<{ id: string }> {
  return apiFetch(`/messages/${encodeURIComponent(id)}/report`, {
    method: "POST",
    body,
    schema: messageReportResultSchema,
  });
}
