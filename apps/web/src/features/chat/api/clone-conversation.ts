import type { ConversationClone } from "@hearth/contracts";
import { z } from "zod";
import { apiFetch } from "../../../lib/api-client";

const clonedSchema = z.object({ id: z.string(), character_id: z.string() });

/** Copies a conversation, whole or up to a message (`POST /api/conversations/{id}/clone`). */
export function cloneConversation(
  id: string,
  body: ConversationClone,
): Promise<z.infer<typeof clonedSchema>> {
  return apiFetch(`/conversations/${encodeURIComponent(id)}/clone`, {
    method: "POST",
    body,
    schema: clonedSchema,
  });
}
