import type { LeaderboardCategory } from "@hearth/contracts";
import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import { LeaderboardView } from "../features/leaderboard/components/leaderboard-view";

/**
 * `/creators/leaderboard` (spec 2 and 4): the tab is the page's state; the month is the optional `date`
 * parameter. An unknown date shows the newest month and the parameter is cleared; choosing the newest
 * month clears it too.
 */
export function LeaderboardPage() {
  const [params, setParams] = useSearchParams();
  const [category, setCategory] = useState<LeaderboardCategory>("new_bots");
  const date = params.get("date");

  const clearDate = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("date");
        return next;
      },
      { replace: true },
    );
  }, [setParams]);

  const onShown = useCallback(
    (shown: string, newest: boolean) => {
      if (date !== null && (newest || shown !== date)) clearDate();
    },
    [date, clearDate],
  );

  const onDateChange = useCallback(
    (next: string, newest: boolean) => {
      if (newest) {
        clearDate();
        return;
      }
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set("date", next);
        return updated;
      });
    },
    [clearDate, setParams],
  );

  return (
    <LeaderboardView
      category={category}
      date={date}
      onCategoryChange={setCategory}
      onDateChange={onDateChange}
      onShown={onShown}
    />
  );
}
