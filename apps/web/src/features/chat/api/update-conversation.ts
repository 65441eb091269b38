import type { ConversationUpdate } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

/** Renames a conversation and/or changes its persona (`PUT /api/conversations/{id}`). */
export function updateConversation(id: string, body: ConversationUpdate): Promise<unknown> {
  return apiFetch(`/conversations/${encodeURIComponent(id)}`, { method: "PUT", body });
}
