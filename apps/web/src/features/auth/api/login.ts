import { type AuthResponse, authResponseSchema, type LoginBody } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

export function login(body: LoginBody): Promise<AuthResponse> {
  return apiFetch("/auth/login", {
    method: "POST",
    body,
    schema: authResponseSchema,
    retryOnExpiredToken: false,
  });
}
