/** "just now", "5 min ago", "3 h ago", "2 d ago", then the date. */
export function relativeDate(iso: string, now = Date.now()): string {
  const date = new Date(iso);
  const diff = now - date.getTime();
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;
  if (diff < minute) return "just now";
  if (diff < hour) return `${Math.floor(diff / minute)} min ago`;
  if (diff < day) return `${Math.floor(diff / hour)} h ago`;
  if (diff < 7 * day) return `${Math.floor(diff / day)} d ago`;
  return date.toLocaleDateString();
}
