import { type AuthResponse, authResponseSchema, type PasswordChangeBody } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

/**
 * `PUT /api/users/password`: answered like sign-in with a fresh session for this tab (new access token,
 * new refresh cookie); every other session of the member has ended.
 */
export function changePassword(body: PasswordChangeBody): Promise<AuthResponse> {
  return apiFetch("/users/password", { method: "PUT", body, schema: authResponseSchema });
}
