import { formatLeaderboardScore, type LeaderboardEntry } from "@hearth/contracts";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Avatar } from "../../../components/ui/avatar";
import { cn } from "../../../components/ui/cn";
import {
  DEFAULT_SORT,
  movementText,
  nextSort,
  type SortKey,
  type SortState,
  sortEntries,
} from "../lib/table";

const COLUMNS: { key: SortKey; label: string; numeric: boolean }[] = [
  { key: "rank", label: "Rank", numeric: true },
  { key: "creator", label: "Creator", numeric: false },
  { key: "bots", label: "Num Bots", numeric: true },
  { key: "score", label: "Score", numeric: true },
  { key: "movement", label: "M/M Rank", numeric: true },
];

/** The sortable table (spec 2): Rank, Creator, Num Bots, Score (thousands, one decimal, 'k'), M/M Rank. */
export function LeaderboardTable({
  entries,
  caption,
}: {
  entries: readonly LeaderboardEntry[];
  caption: string;
}) {
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const rows = sortEntries(entries, sort);
  return (
    <div className="relative w-full max-w-full min-w-0 overflow-x-auto rounded-2xl bg-surface-1 ring-1 ring-surface-3">
      <table className="w-full border-collapse text-sm" data-testid="leaderboard-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-surface-3 text-left text-[11px] font-semibold text-text-2 uppercase sm:text-xs sm:tracking-wide">
            {COLUMNS.map((column) => {
              const active = sort.key === column.key;
              const Icon = active ? (sort.direction === "ascending" ? ArrowUp : ArrowDown) : ArrowUpDown;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? sort.direction : "none"}
                  className={cn(
                    "px-1 py-2 sm:px-4",
                    column.numeric && column.key !== "rank" ? "text-right" : "",
                  )}
                >
                  <button
                    type="button"
                    onClick={() => setSort(nextSort(sort, column.key))}
                    className={cn(
                      "inline-flex min-h-9 items-center gap-0.5 rounded-md px-1 text-left uppercase sm:gap-1 hover:text-text-1 focus-visible:outline-2 focus-visible:outline-brand-400",
                      active ? "text-text-1" : "",
                    )}
                  >
                    {column.label}
                    <Icon aria-hidden="true" className="h-3 w-3 shrink-0 sm:h-3.5 sm:w-3.5" />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((entry) => {
            const movement = movementText(entry.movement);
            return (
              <tr
                key={entry.id}
                className="border-b border-surface-3/60 last:border-b-0 hover:bg-surface-2/40"
              >
                <td className="px-1.5 py-2.5 font-bold text-text-1 tabular-nums sm:px-4">{entry.rank}</td>
                <td className="max-w-[8rem] px-1.5 py-2.5 sm:max-w-none sm:px-4">
                  <span className="flex items-center gap-2">
                    <span className="hidden sm:inline-flex">
                      <Avatar
                        name={entry.creator_username}
                        src={entry.avatar_url}
                        className="h-8 w-8 text-sm"
                      />
                    </span>
                    <Link
                      to={`/creator/${encodeURIComponent(entry.creator_username)}`}
                      className="truncate font-semibold text-link hover:underline focus-visible:outline-2 focus-visible:outline-brand-400"
                    >
                      @{entry.creator_username}
                    </Link>
                  </span>
                </td>
                <td className="px-1.5 py-2.5 text-right text-text-2 tabular-nums sm:px-4">
                  {entry.number_of_characters}
                </td>
                <td className="px-1.5 py-2.5 text-right font-semibold text-text-1 tabular-nums sm:px-4">
                  {formatLeaderboardScore(entry.score)}
                </td>
                <td
                  className={cn(
                    "px-1.5 py-2.5 text-right tabular-nums whitespace-nowrap sm:px-4",
                    entry.movement > 0 ? "text-success" : entry.movement < 0 ? "text-danger" : "text-text-3",
                  )}
                >
                  <span aria-hidden="true">{movement.symbol}</span>
                  <span className="sr-only">{movement.label}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
