import { apiFetch } from "../../../lib/api-client";

/** Blocks a bot's creator (`POST /api/users/blocked-creators`). */
export function blockCreator(creatorId: string): Promise<unknown> {
  return apiFetch("/users/blocked-creators", { method: "POST", body: { creator_id: creatorId } });
}

/** Unblocks a creator (`DELETE /api/users/blocked-creators/{creatorId}`). */
export function unblockCreator(creatorId: string): Promise<unknown> {
  return apiFetch(`/users/blocked-creators/${encodeURIComponent(creatorId)}`, { method: "DELETE" });
}
