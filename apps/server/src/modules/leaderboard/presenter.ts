import { LEADERBOARD_TYPE_NAMES, type LeaderboardCategory, type LeaderboardEntry } from "@hearth/contracts";
import type { RankedCreator } from "./ranking";
import type { StoredEntry } from "./repository";

/** A closed month's entry; the creator's current name and avatar when the account is still there. */
export function presentStoredEntry(entry: StoredEntry): LeaderboardEntry {
  const present = entry.creatorUserId !== null && entry.currentUsername !== null;
  return {
    id: entry.id,
    date: entry.month,
    type: LEADERBOARD_TYPE_NAMES[entry.category],
    rank: entry.rank,
    creator_username: present ? (entry.currentUsername ?? entry.creatorUsername) : entry.creatorUsername,
    number_of_characters: entry.numberOfCharacters,
    score: entry.score,
    movement: entry.movement,
    avatar_url: present ? entry.currentAvatarUrl : entry.avatarUrl,
    prize: entry.prize,
  };
}

/** The running month's entry (computed live; no prize yet). */
export function presentLiveEntry(
  month: string,
  category: LeaderboardCategory,
  entry: RankedCreator,
): LeaderboardEntry {
  return {
    id: `${month}:${category}:${entry.creatorId}`,
    date: month,
    type: LEADERBOARD_TYPE_NAMES[category],
    rank: entry.rank,
    creator_username: entry.username,
    number_of_characters: entry.numberOfCharacters,
    score: entry.score,
    movement: entry.movement,
    avatar_url: entry.avatarUrl,
    prize: null,
  };
}
