import {
  formatLeaderboardMonth,
  LEADERBOARD_BASIC_PRIZES,
  LEADERBOARD_CATEGORIES,
  LEADERBOARD_PREMIUM_PRIZES,
  LEADERBOARD_TOP,
  LEADERBOARD_TYPE_NAMES,
  type LeaderboardCategory,
  type LeaderboardResponse,
} from "@hearth/contracts";
import { Clock, RefreshCw, TriangleAlert, Trophy } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { EmptyState } from "../../../components/ui/empty-state";
import { inputClasses } from "../../../components/ui/input";
import { useLeaderboard } from "../api/leaderboard";
import { LeaderboardTable } from "./leaderboard-table";
import { Podium } from "./podium";

const PANEL_ID = "leaderboard-panel";
const tabId = (category: LeaderboardCategory) => `leaderboard-tab-${category}`;

function CategoryTabs({
  value,
  onChange,
}: {
  value: LeaderboardCategory;
  onChange: (value: LeaderboardCategory) => void;
}) {
  const refs = useRef<Partial<Record<LeaderboardCategory, HTMLButtonElement | null>>>({});
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const index = LEADERBOARD_CATEGORIES.indexOf(value);
    const count = LEADERBOARD_CATEGORIES.length;
    const next =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? count - 1
          : (index + (event.key === "ArrowRight" ? 1 : -1) + count) % count;
    const category = LEADERBOARD_CATEGORIES[next] ?? value;
    onChange(category);
    refs.current[category]?.focus();
  }
  return (
    <div
      role="tablist"
      aria-label="Category"
      onKeyDown={onKeyDown}
      className="inline-flex w-full items-stretch gap-1 rounded-2xl border border-surface-3 bg-surface-1 p-1 sm:w-auto"
    >
      {LEADERBOARD_CATEGORIES.map((category) => {
        const selected = category === value;
        return (
          <button
            key={category}
            ref={(node) => {
              refs.current[category] = node;
            }}
            id={tabId(category)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={PANEL_ID}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(category)}
            className={cn(
              "min-h-11 flex-1 rounded-xl px-5 text-sm font-semibold transition-colors sm:flex-none",
              "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400",
              selected
                ? "bg-gradient-to-r from-brand-700 to-accent-600 text-white shadow-md shadow-brand-700/25"
                : "text-text-2 hover:bg-surface-2 hover:text-text-1",
            )}
          >
            {LEADERBOARD_TYPE_NAMES[category]}
          </button>
        );
      })}
    </div>
  );
}

/** Time left in the running month (UTC): days, hours, minutes, seconds (spec 9). */
function useCountdown(month: string | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!month) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [month]);
  if (!month) return null;
  const [year, number] = month.split("-").map(Number);
  const end = Date.UTC(year ?? 1970, number ?? 1, 1);
  const left = Math.max(0, Math.floor((end - now) / 1000));
  const days = Math.floor(left / 86_400);
  const hours = Math.floor((left % 86_400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  return `${days}d ${hours}h ${minutes}m ${left % 60}s`;
}

function MonthSelect({
  data,
  onChange,
}: {
  data: LeaderboardResponse;
  onChange: (date: string, newest: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="leaderboard-month" className="text-sm font-medium text-text-2">
        Month
      </label>
      <select
        id="leaderboard-month"
        value={data.date}
        onChange={(event) => onChange(event.target.value, event.target.value === data.months[0]?.date)}
        className={cn(inputClasses, "w-auto min-w-44 py-2")}
      >
        {data.months.map((month) => (
          <option key={month.date} value={month.date}>
            {formatLeaderboardMonth(month.date)}
            {month.provisional ? " (in progress)" : ""}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The leaderboard: category tabs, the month dropdown, the podium and the sortable table of the top
 * creators. `date` is the month asked for (null: the newest); `onShown` reports the month the server
 * answered and whether it is the newest, so the page can clear the date parameter (spec 2).
 */
export function LeaderboardView({
  category,
  date,
  onCategoryChange,
  onDateChange,
  onShown,
}: {
  category: LeaderboardCategory;
  date: string | null;
  onCategoryChange: (category: LeaderboardCategory) => void;
  onDateChange: (date: string, newest: boolean) => void;
  onShown: (date: string, newest: boolean) => void;
}) {
  const query = useLeaderboard({ type: category, date, page: 1 });
  const data = query.data;
  const countdown = useCountdown(data?.provisional ? data.date : null);
  const settled = data && !query.isPlaceholderData ? data : null;
  useEffect(() => {
    if (settled) onShown(settled.date, settled.date === settled.months[0]?.date);
  }, [settled, onShown]);

  return (
    <div className="mx-auto flex w-full min-w-0 max-w-5xl flex-col gap-5 px-4 pt-6 pb-16 sm:px-6 lg:px-8">
      <header className="relative isolate overflow-hidden rounded-3xl bg-surface-1 px-5 py-6 ring-1 ring-surface-3 sm:px-8">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-10 -z-10 h-64 w-64 rounded-full bg-brand-500/20 blur-3xl"
        />
        <h1 className="flex items-center gap-2 text-2xl font-extrabold tracking-tight text-text-1 sm:text-3xl">
          <Trophy aria-hidden="true" className="h-7 w-7 text-amber-300" />
          Creators leaderboard
        </h1>
        <p className="mt-2 max-w-2xl text-sm text-text-2">
          Creators ranked each month by the messages members send to their public chatbots. The top{" "}
          {LEADERBOARD_PREMIUM_PRIZES} of each category win a free month of I'm All In; the next{" "}
          {LEADERBOARD_BASIC_PRIZES} a free month of True Supporter.
        </p>
      </header>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CategoryTabs value={category} onChange={onCategoryChange} />
        {data ? <MonthSelect data={data} onChange={onDateChange} /> : null}
      </div>

      <section
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={tabId(category)}
        aria-busy={query.isFetching}
        className="flex min-w-0 flex-col gap-5"
      >
        {data?.provisional ? (
          <p className="flex flex-wrap items-center gap-2 rounded-xl border border-surface-3 bg-surface-2/60 p-3 text-sm text-text-2">
            <Badge variant="accent">Provisional</Badge>
            {formatLeaderboardMonth(data.date)} is still running; the ranking may change until it closes.
            {countdown ? (
              <span className="inline-flex items-center gap-1 font-semibold text-text-1">
                <Clock aria-hidden="true" className="h-4 w-4" />
                Closes in {countdown}
              </span>
            ) : null}
          </p>
        ) : null}

        {query.isPending ? (
          <div className="flex flex-col gap-3" role="status" aria-label="Loading the leaderboard">
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              {[0, 1, 2].map((n) => (
                <div key={n} className="h-28 animate-pulse rounded-2xl bg-surface-2" />
              ))}
            </div>
            <div className="h-64 animate-pulse rounded-2xl bg-surface-2" />
          </div>
        ) : query.isError && !data ? (
          <EmptyState
            alert
            icon={<TriangleAlert aria-hidden="true" className="h-6 w-6" />}
            title="The leaderboard could not be loaded"
            description="Check your connection and try again."
            action={
              <Button onClick={() => void query.refetch()} loading={query.isFetching}>
                <RefreshCw aria-hidden="true" className="h-4 w-4" />
                Try again
              </Button>
            }
          />
        ) : data && data.hits.length === 0 ? (
          <EmptyState
            icon={<Trophy aria-hidden="true" className="h-6 w-6" />}
            title="No ranked creators yet"
            description={
              data.provisional
                ? "No one has chatted with this category's chatbots this month yet. Check back soon."
                : "No creator scored in this category that month."
            }
            action={null}
          />
        ) : data ? (
          <>
            <Podium entries={data.hits} />
            <div className="flex min-w-0 flex-col gap-2">
              <h2 className="text-lg font-bold text-text-1">
                Top {LEADERBOARD_TOP} · {LEADERBOARD_TYPE_NAMES[data.type]} ·{" "}
                {formatLeaderboardMonth(data.date)}
              </h2>
              <LeaderboardTable
                key={`${data.type}:${data.date}`}
                entries={data.hits}
                caption={`${LEADERBOARD_TYPE_NAMES[data.type]} leaderboard for ${formatLeaderboardMonth(data.date)}`}
              />
              <p className="text-xs text-text-3">
                Score: messages members sent to the creator's chatbots that month, in thousands. M/M Rank:
                places gained or lost since the month before.
              </p>
            </div>
          </>
        ) : null}
      </section>
    </div>
  );
}
