import { type BlockedCreator, blockedCreatorListSchema } from "@hearth/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

export const blockedCreatorsQueryKey = ["blocked-creators"] as const;

/** `GET /api/users/blocked-creators`: `{ data: [{ id, username }] }`. */
export function useBlockedCreators(enabled = true) {
  return useQuery<BlockedCreator[]>({
    queryKey: blockedCreatorsQueryKey,
    queryFn: async ({ signal }) =>
      (await apiFetch("/users/blocked-creators", { schema: blockedCreatorListSchema, signal })).data,
    enabled,
  });
}

/** Block (`POST /api/users/blocked-creators`) or unblock (`DELETE .../{creatorId}`) a creator. */
export function useSetCreatorBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ creatorId, blocked }: { creatorId: string; blocked: boolean }) =>
      blocked
        ? apiFetch("/users/blocked-creators", { method: "POST", body: { creator_id: creatorId } })
        : apiFetch<void>(`/users/blocked-creators/${encodeURIComponent(creatorId)}`, { method: "DELETE" }),
    onSuccess: (_answer, { creatorId, blocked }) => {
      queryClient.setQueryData<BlockedCreator[]>(blockedCreatorsQueryKey, (list) =>
        blocked ? list : list?.filter((c) => c.id !== creatorId),
      );
      void queryClient.invalidateQueries({ queryKey: blockedCreatorsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ["characters"] });
      void queryClient.invalidateQueries({ queryKey: ["creators"] });
    },
  });
}
