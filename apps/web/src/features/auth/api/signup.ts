import { type AuthResponse, authResponseSchema, type SignupBody } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

export function signup(body: SignupBody): Promise<AuthResponse> {
  return apiFetch("/auth/signup", {
    method: "POST",
    body,
    schema: authResponseSchema,
    retryOnExpiredToken: false,
  });
}
