import { type AuthResponse, authResponseSchema, type ExternalUserBody } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

/** `POST /api/external/users` (partner hosts): sets the partner user's name and username. */
export function createExternalUser(body: ExternalUserBody): Promise<AuthResponse> {
  return apiFetch("/external/users", { method: "POST", body, schema: authResponseSchema });
}
