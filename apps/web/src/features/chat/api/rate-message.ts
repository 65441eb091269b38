import { apiFetch } from "../../../lib/api-client";

/** Rates a bot message with a star (1-4) and/or a reason label (`POST /api/messages/{id}/rating`). */
export function rateMessage(id: string, body: { rating?: number; label?: string }): Promise<unknown> {
  return apiFetch(`/messages/${encodeURIComponent(id)}/rating`, { method: "POST", body });
}
