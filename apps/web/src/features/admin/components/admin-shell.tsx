import { ClipboardList, Gauge, Megaphone, ScrollText, Users } from "lucide-react";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { useReviewCounts } from "../../../api/admin";
import { cn } from "../../../components/ui/cn";

const TABS = [
  { to: "/admin", label: "Console", icon: Gauge, end: true },
  { to: "/admin/reviews", label: "Reviews", icon: ClipboardList, end: false },
  { to: "/admin/users", label: "Users", icon: Users, end: false },
  { to: "/admin/audit", label: "Audit log", icon: ScrollText, end: false },
  { to: "/admin/ads", label: "Ads", icon: Megaphone, end: false },
] as const;

/** The reviews tab's badge: overdue reports in red, else open ones; nothing while unknown or zero. */
function ReviewsBadge() {
  const { data } = useReviewCounts();
  if (!data || (data.open === 0 && data.overdue === 0)) return null;
  const overdue = data.overdue > 0;
  return (
    <span
      className={cn(
        "ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-[11px] leading-5 font-bold tabular-nums",
        overdue ? "bg-red-700 text-white" : "bg-surface-3 text-text-1",
      )}
    >
      <span aria-hidden="true">{overdue ? data.overdue : data.open}</span>
      <span className="sr-only">{overdue ? `, ${data.overdue} overdue` : `, ${data.open} open`}</span>
    </span>
  );
}

/** The admin area's frame: its heading, the tabs (Console, Reviews with the overdue count, Users, Audit log). */
export function AdminShell({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 pt-5 pb-16 sm:px-6 lg:px-8">
      <nav aria-label="Admin" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex w-max min-w-full gap-1 border-b border-surface-3">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                className={({ isActive }) =>
                  cn(
                    "-mb-px flex h-11 items-center gap-2 border-b-2 px-3 text-sm font-semibold whitespace-nowrap transition-colors",
                    "focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-400",
                    isActive
                      ? "border-brand-400 text-text-1"
                      : "border-transparent text-text-2 hover:border-surface-3 hover:text-text-1",
                  )
                }
              >
                <tab.icon aria-hidden="true" className="h-4 w-4" />
                {tab.label}
                {tab.to === "/admin/reviews" ? <ReviewsBadge /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold tracking-tight text-text-1 sm:text-3xl">{title}</h1>
          {description ? <p className="mt-1 text-sm text-text-2">{description}</p> : null}
        </div>
        {actions}
      </header>
      {children}
    </div>
  );
}

/** Loading, empty and error panels shared by the admin pages. */
export function AdminMessage({
  icon,
  title,
  description,
  action,
  tone = "neutral",
}: {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  tone?: "neutral" | "danger";
}) {
  return (
    <div
      role={tone === "danger" ? "alert" : undefined}
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-surface-3 bg-surface-1 px-6 py-12 text-center"
    >
      <div
        className={cn(
          "flex h-12 w-12 items-center justify-center rounded-2xl",
          tone === "danger" ? "bg-danger/15 text-danger" : "bg-surface-2 text-text-2",
        )}
      >
        {icon}
      </div>
      <h2 className="text-lg font-bold text-text-1">{title}</h2>
      {description ? <p className="max-w-md text-sm text-text-2">{description}</p> : null}
      {action}
    </div>
  );
}
