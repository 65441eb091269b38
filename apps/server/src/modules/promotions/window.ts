/**
 * The yearly sale window (SALE_START and SALE_END, MM-DD, both days included, in UTC). A window whose end
 * comes before its start in the calendar (12-30 to 01-02) runs over the new year. February 29th in a year
 * without one is March 1st (Date.UTC's rollover).
 */
export type SaleDays = { start: string; end: string };
export type SaleWindow = { active: boolean; startsAt: Date; endsAt: Date };

function dayOf(monthDay: string): { month: number; day: number } {
  const [month, day] = monthDay.split("-").map(Number);
  return { month: (month ?? 1) - 1, day: day ?? 1 };
}

/** The window that starts in a year: its first instant and the first instant after its last day. */
function windowStartingIn(year: number, days: SaleDays): { startsAt: Date; endsAt: Date } {
  const start = dayOf(days.start);
  const end = dayOf(days.end);
  const wraps = days.end < days.start;
  return {
    startsAt: new Date(Date.UTC(year, start.month, start.day)),
    endsAt: new Date(Date.UTC(wraps ? year + 1 : year, end.month, end.day + 1)),
  };
}

/** The window running at `now`, or else the next one to start. */
export function saleWindowAt(now: Date, days: SaleDays): SaleWindow {
  const year = now.getUTCFullYear();
  const t = now.getTime();
  for (const candidate of [year - 1, year, year + 1].map((y) => windowStartingIn(y, days))) {
    if (t < candidate.endsAt.getTime()) {
      return { ...candidate, active: candidate.startsAt.getTime() <= t };
    }
  }
  // Unreachable: next year's window always ends after now.
  return { ...windowStartingIn(year + 1, days), active: false };
}
