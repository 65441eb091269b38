import { useReviewCounts } from "../../api/admin";

/**
 * Beside the account menu's Admin entry: the overdue reports (older than the 7-day promise), in red;
 * nothing while unknown or none. Mounted for admins only, so no one else asks for the counts.
 */
export function AdminOverdueBadge() {
  const { data } = useReviewCounts();
  if (!data || data.overdue === 0) return null;
  return (
    <span className="ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white">
      <span aria-hidden="true">{data.overdue}</span>
      <span className="sr-only">, {data.overdue} overdue</span>
    </span>
  );
}
