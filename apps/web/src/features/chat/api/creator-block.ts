import { blockedCreatorListSchema } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

/** The creators the member blocked (`GET /api/users/blocked-creators`): the chat opens blocked for them. */
export function useBlockedCreators(enabled: boolean) {
  return useQuery({
    queryKey: ["chat", "blocked-creators"],
    queryFn: ({ signal }) =>
      apiFetch("/users/blocked-creators", { schema: blockedCreatorListSchema, signal }),
    enabled,
  });
}

/** Blocks a bot's creator (`POST /api/users/blocked-creators`). */
export function blockCreator(creatorId: string): Promise<unknown> {
  return apiFetch("/users/blocked-creators", { method: "POST", body: { creator_id: creatorId } });
}

/** Unblocks a creator (`DELETE /api/users/blocked-creators/{creatorId}`). */
export function unblockCreator(creatorId: string): Promise<unknown> {
  return apiFetch(`/users/blocked-creators/${encodeURIComponent(creatorId)}`, { method: "DELETE" });
}
