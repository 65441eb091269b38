import { type BlockedCreator, blockedCreatorListSchema } from "@hearth/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../lib/api-client";
import { characterKeys } from "./characters";
import { creatorKeys } from "./creators";

export const blockedCreatorKeys = {
  all: ["blocked-creators"] as const,
};

/** `GET /api/users/blocked-creators`: the creators the member blocked, `[{ id, username }]`. */
export async function fetchBlockedCreators(signal?: AbortSignal): Promise<BlockedCreator[]> {
  return (await apiFetch("/users/blocked-creators", { schema: blockedCreatorListSchema, signal })).data;
}

export function blockedCreatorsQuery() {
  return queryOptions({
    queryKey: blockedCreatorKeys.all,
    queryFn: ({ signal }) => fetchBlockedCreators(signal),
  });
}

export function useBlockedCreators(enabled = true) {
  return useQuery({ ...blockedCreatorsQuery(), enabled });
}

/** Block (`POST /api/users/blocked-creators`) or unblock (`DELETE .../{creatorId}`) a creator. */
export function setCreatorBlocked(creatorId: string, blocked: boolean): Promise<unknown> {
  return blocked
    ? apiFetch("/users/blocked-creators", { method: "POST", body: { creator_id: creatorId } })
    : apiFetch<void>(`/users/blocked-creators/${encodeURIComponent(creatorId)}`, { method: "DELETE" });
}

/**
 * Blocks or unblocks, then refreshes the block list and what blocking hides: characters (lists leave out
 * blocked creators' bots) and creator pages.
 */
export function useSetCreatorBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ creatorId, blocked }: { creatorId: string; blocked: boolean }) =>
      setCreatorBlocked(creatorId, blocked),
    onSuccess: (_answer, { creatorId, blocked }) => {
      queryClient.setQueryData<BlockedCreator[]>(blockedCreatorKeys.all, (list) =>
        blocked ? list : list?.filter((c) => c.id !== creatorId),
      );
      void queryClient.invalidateQueries({ queryKey: blockedCreatorKeys.all });
      void queryClient.invalidateQueries({ queryKey: characterKeys.all });
      void queryClient.invalidateQueries({ queryKey: creatorKeys.all });
    },
  });
}
