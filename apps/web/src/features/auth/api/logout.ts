import { apiFetch } from "../../../lib/api-client";

export function logout(): Promise<void> {
  return apiFetch<void>("/auth/logout", { method: "POST", retryOnExpiredToken: false });
}
