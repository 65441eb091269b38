import {
  LEADERBOARD_CACHE_SECONDS,
  type LeaderboardCategory,
  type LeaderboardResponse,
  leaderboardResponseSchema,
} from "@hearth/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

export type LeaderboardRequest = { type: LeaderboardCategory; date: string | null; page: number };

/** `GET /api/creators/leaderboard`: a category's month, ranked (an unknown date answers the newest month). */
export function fetchLeaderboard(
  request: LeaderboardRequest,
  signal?: AbortSignal,
): Promise<LeaderboardResponse> {
  const params = new URLSearchParams({ type: request.type, page: String(request.page) });
  if (request.date) params.set("date", request.date);
  return apiFetch(`/creators/leaderboard?${params.toString()}`, {
    schema: leaderboardResponseSchema,
    signal,
  });
}

export function useLeaderboard(request: LeaderboardRequest) {
  return useQuery({
    queryKey: ["leaderboard", request.type, request.date ?? "", request.page] as const,
    queryFn: ({ signal }) => fetchLeaderboard(request, signal),
    // The server caches the same answer this long (spec 9).
    staleTime: LEADERBOARD_CACHE_SECONDS * 1000,
    placeholderData: keepPreviousData,
  });
}
