import type { ReviewAction, ReviewSource } from "@hearth/contracts";

const dateTime = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const dateOnly = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** 'Mar 4, 2026, 09:30 AM' in the admin's time zone; the raw text when it isn't a date. */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateTime.format(time);
}

/** A stats day ('2026-03-04', UTC) as 'Mar 4'. */
export function formatDay(day: string): string {
  const time = Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(time) ? day : dateOnly.format(time);
}

/** How long ago, in whole days ('today', '1 day', '9 days'). */
export function ageInDays(iso: string, now: number = Date.now()): string {
  const days = Math.floor((now - Date.parse(iso)) / 86_400_000);
  if (!Number.isFinite(days) || days < 1) return "today";
  return days === 1 ? "1 day" : `${days} days`;
}

export const ACTION_LABELS: Record<ReviewAction, string> = {
  none: "None",
  deleted: "Deleted",
  made_private: "Made private",
  set_nsfw: "Set NSFW",
  reset_underage: "Reset underage",
  fix_required: "Fix required",
};

export const SOURCE_LABELS: Record<ReviewSource, string> = {
  character_report: "Character report",
  message_report: "Message report",
  automatic: "Automatic check",
};

/** The local value of a `datetime-local` input for a time (minutes precision). */
export function toLocalInputValue(time: number): string {
  const date = new Date(time);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (the admin's local time) as an ISO instant; null when empty or invalid. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
