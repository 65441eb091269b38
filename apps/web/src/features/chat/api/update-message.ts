import { type Message, messageSchema } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

/** Saves an edited message text (`PUT /api/messages/{id}`). */
export function updateMessage(id: string, content: string): Promise<Message> {
  return apiFetch(`/messages/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: { content },
    schema: messageSchema,
  });
}
