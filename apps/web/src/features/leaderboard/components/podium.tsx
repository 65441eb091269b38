import { formatLeaderboardScore, type LeaderboardEntry } from "@hearth/contracts";
import { Crown, Medal } from "lucide-react";
import { Link } from "react-router";
import { Avatar } from "../../../components/ui/avatar";
import { cn } from "../../../components/ui/cn";

/** On desktop the places stand 2, 1, 3 (CSS order); on phones they stack 1, 2, 3 (DOM order). */
const PLACE_STYLE: Record<number, { order: string; lift: string; ring: string; label: string }> = {
  1: {
    order: "sm:order-2",
    lift: "sm:-translate-y-4 sm:pb-8",
    ring: "ring-amber-300/70",
    label: "from-amber-300 to-amber-500 text-amber-950",
  },
  2: {
    order: "sm:order-1",
    lift: "sm:mt-6",
    ring: "ring-slate-300/70",
    label: "from-slate-200 to-slate-400 text-slate-900",
  },
  3: {
    order: "sm:order-3",
    lift: "sm:mt-10",
    ring: "ring-orange-400/70",
    label: "from-orange-300 to-orange-600 text-orange-950",
  },
};

export function Podium({ entries }: { entries: readonly LeaderboardEntry[] }) {
  const top = entries.filter((entry) => entry.rank <= 3).sort((a, b) => a.rank - b.rank);
  if (top.length === 0) return null;
  return (
    <ol
      aria-label="Top 3"
      className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:items-start sm:gap-4 sm:pt-5"
      data-testid="podium"
    >
      {top.map((entry) => {
        const style = PLACE_STYLE[entry.rank] ?? PLACE_STYLE[3];
        return (
          <li
            key={entry.id}
            data-testid={`podium-${entry.rank}`}
            className={cn(
              "relative flex items-center gap-4 rounded-2xl bg-surface-1 p-4 ring-1 ring-surface-3 sm:flex-col sm:px-4 sm:pt-6 sm:text-center",
              style?.order,
              style?.lift,
            )}
          >
            <span
              className={cn(
                "absolute top-3 right-3 inline-flex h-8 min-w-8 items-center justify-center rounded-full bg-gradient-to-br px-2 text-sm font-extrabold sm:top-2 sm:right-auto sm:left-3",
                style?.label,
              )}
            >
              <span className="sr-only">Rank </span>
              {entry.rank}
            </span>
            <div className="relative">
              <Avatar
                name={entry.creator_username}
                src={entry.avatar_url}
                className={cn("h-14 w-14 text-xl ring-4 sm:h-20 sm:w-20 sm:text-3xl", style?.ring)}
              />
              {entry.rank === 1 ? (
                <Crown
                  aria-hidden="true"
                  className="absolute -top-4 left-1/2 h-6 w-6 -translate-x-1/2 text-amber-300"
                />
              ) : null}
            </div>
            <div className="flex min-w-0 flex-col gap-1 sm:items-center">
              <Link
                to={`/creator/${encodeURIComponent(entry.creator_username)}`}
                className="truncate text-base font-bold text-link hover:underline focus-visible:outline-2 focus-visible:outline-brand-400"
              >
                @{entry.creator_username}
              </Link>
              <p className="text-sm text-text-2">
                <span className="font-semibold text-text-1">{formatLeaderboardScore(entry.score)}</span>{" "}
                messages · {entry.number_of_characters} {entry.number_of_characters === 1 ? "bot" : "bots"}
              </p>
              {entry.prize ? (
                <p className="inline-flex items-center gap-1 text-xs font-semibold text-accent-400 sm:justify-center">
                  <Medal aria-hidden="true" className="h-3.5 w-3.5" />
                  Won a free month of {entry.prize === "premium" ? "I'm All In" : "True Supporter"}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
