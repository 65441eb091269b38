import { type AuthResponse, authResponseSchema } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

/** Exchanges the httpOnly refresh cookie for a new access token (the cookie rotates). */
export function refresh(): Promise<AuthResponse> {
  return apiFetch("/auth/refresh", {
    method: "POST",
    schema: authResponseSchema,
    retryOnExpiredToken: false,
  });
}
