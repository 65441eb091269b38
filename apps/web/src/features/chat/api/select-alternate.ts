import { type Message, messageSchema } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

/** Makes one version of a regenerated reply the shown one (`PUT /api/messages/{id}/alternate`). */
export function selectAlternate(id: string, index: number): Promise<Message> {
  return apiFetch(`/messages/${encodeURIComponent(id)}/alternate`, {
    method: "PUT",
    body: { index },
    schema: messageSchema,
  });
}
