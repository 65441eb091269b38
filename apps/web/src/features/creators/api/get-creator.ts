import { type CreatorPage, creatorPageSchema } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

/** `GET /api/creators/{username}`: the creator's public profile and chatbots. */
export function useCreator(username: string | undefined) {
  return useQuery<CreatorPage>({
    queryKey: ["creators", username ?? ""],
    queryFn: ({ signal }) =>
      apiFetch(`/creators/${encodeURIComponent(username ?? "")}`, { schema: creatorPageSchema, signal }),
    enabled: Boolean(username),
  });
}
