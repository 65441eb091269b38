import { apiFetch } from "../../../lib/api-client";

/** Deletes one of the member's conversations (`DELETE /api/conversations/{id}`). */
export function deleteConversation(id: string): Promise<void> {
  return apiFetch(`/conversations/${encodeURIComponent(id)}`, { method: "DELETE" });
}
