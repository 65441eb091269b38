import {
  type EasterCode,
  easterCodeSchema,
  type LeaderboardResponse,
  type LoveaiPromo,
  leaderboardResponseSchema,
  loveaiPromoSchema,
  type SalePage,
  type SaleStatus,
  salePageSchema,
  saleStatusSchema,
} from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

export const promotionKeys = {
  saleStatus: ["promotions", "sale-status"] as const,
  salePage: (viewer: unknown) => ["promotions", "sale-page", viewer] as const,
  loveai: ["promotions", "loveai"] as const,
  easter: (userId: string | null) => ["promotions", "easter", userId] as const,
  showcase: ["promotions", "showcase"] as const,
};

/** `GET /api/sale/status`: whether the sale runs now (the birthday banner). */
export function fetchSaleStatus(signal?: AbortSignal): Promise<SaleStatus> {
  return apiFetch("/sale/status", { schema: saleStatusSchema, signal });
}

/** `GET /api/sale`: the sale page; 404 while no sale runs or on a partner host. */
export function fetchSalePage(signal?: AbortSignal): Promise<SalePage> {
  return apiFetch("/sale", { schema: salePageSchema, signal });
}

export function fetchLoveaiPromo(signal?: AbortSignal): Promise<LoveaiPromo> {
  return apiFetch("/promotions/loveai", { schema: loveaiPromoSchema, signal });
}

/** `GET /api/promotions/easter`: the code for active subscribers; 403 with the spec's message for others. */
export function fetchEasterCode(signal?: AbortSignal): Promise<EasterCode> {
  return apiFetch("/promotions/easter", { schema: easterCodeSchema, signal });
}

/**
 * The Creators Showcase: the latest closed leaderboard month, both categories (`GET /api/creators/leaderboard`).
 * Null when no month is closed yet.
 */
export async function fetchShowcase(
  signal?: AbortSignal,
): Promise<{ date: string; newBots: LeaderboardResponse; allBots: LeaderboardResponse } | null> {
  const latest = await apiFetch("/creators/leaderboard?type=all_bots", {
    schema: leaderboardResponseSchema,
    signal,
  });
  const closed = latest.months.find((month) => !month.provisional);
  if (!closed) return null;
  const query = (type: string) =>
    `/creators/leaderboard?type=${type}&date=${encodeURIComponent(closed.date)}`;
  const [newBots, allBots] = await Promise.all([
    apiFetch(query("new_bots"), { schema: leaderboardResponseSchema, signal }),
    apiFetch(query("all_bots"), { schema: leaderboardResponseSchema, signal }),
  ]);
  return { date: closed.date, newBots, allBots };
}
