import {
  formatLeaderboardMonth,
  LEADERBOARD_CACHE_SECONDS,
  LEADERBOARD_CATEGORIES,
  LEADERBOARD_PAGE_SIZE,
  LEADERBOARD_TOP,
  LEADERBOARD_TYPE_NAMES,
  type LeaderboardCategory,
  type LeaderboardEntry,
  type LeaderboardMonth,
  type LeaderboardQuery,
  type LeaderboardResponse,
  ROLE_DISPLAY_NAMES,
} from "@hearth/contracts";
import type { Database } from "../../db/client";
import type { Clock } from "../../kernel/clock";
import { grantFreeMonth } from "../billing/index";
import { createTtlCache, type LeaderboardCache } from "./cache";
import { presentLiveEntry, presentStoredEntry } from "./presenter";
import { addMonths, allocatePrizes, monthOf, monthRange, monthsToClose, rankCreators } from "./ranking";
import * as repo from "./repository";

export type LeaderboardDeps = { db: Database; clock: Clock; cache?: LeaderboardCache };
export type LeaderboardService = ReturnType<typeof createLeaderboardService>;

export function createLeaderboardService({ db, clock, cache: given }: LeaderboardDeps) {
  const cache = given ?? createTtlCache({ ttlMs: LEADERBOARD_CACHE_SECONDS * 1000, maxEntries: 500 });

  async function cached<V>(key: string, load: () => Promise<V>): Promise<V> {
    const hit = cache.get<V>(key);
    if (hit !== undefined) return hit;
    const value = await load();
    cache.set(key, value);
    return value;
  }

  /** A month's ranking computed from activity, with movement against the month before. */
  async function rankLive(month: string, category: LeaderboardCategory) {
    const previous = addMonths(month, -1);
    const previousRanks = (await repo.isClosed(db, previous))
      ? await repo.storedRanks(db, previous, category)
      : new Map(
          rankCreators(await repo.tallyMonth(db, category, monthRange(previous)), new Map()).map(
            (entry) => [entry.creatorId, entry.rank] as const,
          ),
        );
    return rankCreators(await repo.tallyMonth(db, category, monthRange(month)), previousRanks);
  }

  /** The running month first (provisional), then the closed months, newest first. */
  function months(now: Date): Promise<LeaderboardMonth[]> {
    const current = monthOf(now);
    return cached(`months:${current}`, async () => [
      { date: current, provisional: true },
      ...(await repo.listClosedMonths(db))
        .filter((month) => month < current)
        .map((month) => ({ date: month, provisional: false })),
    ]);
  }

  function entries(
    month: string,
    category: LeaderboardCategory,
    provisional: boolean,
  ): Promise<LeaderboardEntry[]> {
    return cached(`entries:${month}:${category}:${provisional}`, async () =>
      provisional
        ? (await rankLive(month, category))
            .slice(0, LEADERBOARD_TOP)
            .map((entry) => presentLiveEntry(month, category, entry))
        : (await repo.listStoredEntries(db, month, category, LEADERBOARD_TOP)).map(presentStoredEntry),
    );
  }

  /** `GET /api/creators/leaderboard`: an unknown or missing date is the newest month (spec 2 and 5). */
  async function read(query: LeaderboardQuery): Promise<LeaderboardResponse> {
    const list = await months(clock.now());
    const shown = list.find((month) => month.date === query.date) ?? list[0];
    if (!shown) throw new Error("The leaderboard has no running month");
    const all = await entries(shown.date, query.type, shown.provisional);
    const from = (query.page - 1) * LEADERBOARD_PAGE_SIZE;
    return {
      months: list,
      date: shown.date,
      type: query.type,
      provisional: shown.provisional,
      hits: all.slice(from, from + LEADERBOARD_PAGE_SIZE),
      page: query.page,
      total_pages: Math.ceil(all.length / LEADERBOARD_PAGE_SIZE),
      total: all.length,
    };
  }

  /** Stores a closed month's snapshot (both categories, movement, prizes); false when already stored. */
  async function closeMonth(month: string): Promise<boolean> {
    const rankings = {} as Record<LeaderboardCategory, Awaited<ReturnType<typeof rankLive>>>;
    for (const category of LEADERBOARD_CATEGORIES) rankings[category] = await rankLive(month, category);
    const awards = allocatePrizes(rankings);
    const prizeOf = (category: LeaderboardCategory, creatorId: string) =>
      awards.find((award) => award.category === category && award.creatorId === creatorId)?.prize ?? null;
    const snapshot = LEADERBOARD_CATEGORIES.flatMap((category) =>
      rankings[category].map((entry) => ({ ...entry, category, prize: prizeOf(category, entry.creatorId) })),
    );
    return repo.storeSnapshot(db, month, clock.now(), snapshot);
  }

  /**
   * Grants a closed month's prizes through billing's free month, once each (the key names the month,
   * category and creator), then marks the month done. A rerun after a failure grants only what is left.
   */
  async function grantPrizes(month: string): Promise<number> {
    let granted = 0;
    for (const entry of await repo.listPrizeEntries(db, month)) {
      if (!entry.creatorUserId || !entry.prize) continue;
      const outcome = await grantFreeMonth(db, clock, {
        userId: entry.creatorUserId,
        role: entry.prize,
        idempotencyKey: `leaderboard:${month}:${entry.category}:${entry.creatorUserId}`,
        description: `Creators leaderboard prize: a free month of ${ROLE_DISPLAY_NAMES[entry.prize]} (${LEADERBOARD_TYPE_NAMES[entry.category]} #${entry.rank}, ${formatLeaderboardMonth(month)})`,
      });
      if (outcome.kind !== "already") granted++;
    }
    await repo.markPrizesGranted(db, month, clock.now());
    return granted;
  }

  /** The monthly job: closes the months due by the clock (README), then grants what is not granted yet. */
  async function closeDueMonths(): Promise<{ closed: string[]; prizesGranted: number }> {
    const [newest] = await repo.listClosedMonths(db);
    const closed: string[] = [];
    for (const month of monthsToClose(clock.now(), newest ?? null)) {
      if (await closeMonth(month)) closed.push(month);
    }
    let prizesGranted = 0;
    for (const month of await repo.monthsAwaitingPrizes(db)) prizesGranted += await grantPrizes(month);
    cache.clear();
    return { closed, prizesGranted };
  }

  return { read, closeDueMonths };
}
