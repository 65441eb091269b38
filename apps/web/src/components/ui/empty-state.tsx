import type { ReactNode } from "react";

/**
 * A list page's placeholder where the list would be: nothing yet, no match, or a failure to load (`alert`
 * makes it announced at once). An icon, a heading, a line of text and an action.
 */
export function EmptyState({
  icon,
  title,
  description,
  action,
  alert = false,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  action: ReactNode;
  alert?: boolean;
}) {
  return (
    <div
      role={alert ? "alert" : undefined}
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-surface-3 bg-surface-1/50 px-6 py-14 text-center"
    >
      <div className="flex h-12 w-12 items-center justify-center rounded-2xl bg-surface-2 text-link">
        {icon}
      </div>
      <h2 className="text-lg font-bold text-text-1">{title}</h2>
      <p className="max-w-sm text-sm text-text-2">{description}</p>
      <div className="mt-2">{action}</div>
    </div>
  );
}
