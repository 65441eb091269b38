import { type AdInput, type AdminAd, adminAdListSchema, adminAdSchema } from "@hearth/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "../../../api/admin";
import { apiFetch } from "../../../lib/api-client";

export const adsKey = [...adminKeys.all, "ads"] as const;

/** `GET /api/admin/ads`: every house ad, newest first. */
export function useAdminAds() {
  return useQuery({
    queryKey: adsKey,
    queryFn: ({ signal }) => apiFetch("/admin/ads", { schema: adminAdListSchema, signal }),
    select: (list) => list.data,
  });
}

/** Creates (`POST /api/admin/ads`) or replaces (`PUT /api/admin/ads/{id}`) an ad. */
export function useSaveAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: AdInput }): Promise<AdminAd> =>
      id
        ? apiFetch(`/admin/ads/${encodeURIComponent(id)}`, {
            method: "PUT",
            body: input,
            schema: adminAdSchema,
          })
        : apiFetch("/admin/ads", { method: "POST", body: input, schema: adminAdSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** `DELETE /api/admin/ads/{id}`. */
export function useDeleteAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/admin/ads/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
