import { type AuthResponse, authResponseSchema } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

export function createGuest(): Promise<AuthResponse> {
  return apiFetch("/auth/guest", { method: "POST", schema: authResponseSchema, retryOnExpiredToken: false });
}
