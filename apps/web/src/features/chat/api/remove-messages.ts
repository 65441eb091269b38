import { removeMessagesResultSchema } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

/** Removes a message and everything after it (`DELETE /api/conversations/{id}/messages?from_message_id=`). */
export function removeMessagesFrom(
  conversationId: string,
  fromMessageId: string,
): Promise<{ removed: number }> {
  const query = new URLSearchParams({ from_message_id: fromMessageId });
  return apiFetch(`/conversations/${encodeURIComponent(conversationId)}/messages?${query}`, {
    method: "DELETE",
    schema: removeMessagesResultSchema,
  });
}
