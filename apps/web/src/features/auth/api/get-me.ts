import { type Me, meSchema } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

export function getMe(signal?: AbortSignal): Promise<Me> {
  return apiFetch("/me", { schema: meSchema, signal });
}
