import { type CreatorPage, creatorPageSchema } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../lib/api-client";

export const creatorKeys = {
  all: ["creators"] as const,
  detail: (username: string) => ["creators", username] as const,
};

/** `GET /api/creators/{username}`: the creator's public profile and chatbots. */
export function fetchCreator(username: string, signal?: AbortSignal): Promise<CreatorPage> {
  return apiFetch(`/creators/${encodeURIComponent(username)}`, { schema: creatorPageSchema, signal });
}

export function useCreator(username: string | undefined) {
  return useQuery({
    queryKey: creatorKeys.detail(username ?? ""),
    queryFn: ({ signal }) => fetchCreator(username ?? "", signal),
    enabled: Boolean(username),
  });
}
