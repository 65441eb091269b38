import type { AuditEntry } from "@hearth/contracts";
import { ScrollText } from "lucide-react";
import { useAudit } from "../../../api/admin";
import { Badge } from "../../../components/ui/badge";
import { formatDateTime } from "../lib/format";
import { AdminLoadError, AdminLoading, AdminLoadMore } from "./admin-query-states";
import { AdminMessage, AdminShell } from "./admin-shell";

/** The fields an entry changed: each key whose value differs between before and after. */
export function changedFields(entry: Pick<AuditEntry, "before" | "after">): string[] {
  const keys = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  return [...keys].filter(
    (key) => JSON.stringify(entry.before?.[key]) !== JSON.stringify(entry.after?.[key]),
  );
}

function show(value: unknown): string {
  if (value === undefined) return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** `/admin/audit`: every admin action, newest first, a page at a time. */
export function AdminAuditPage() {
  const query = useAudit();
  const entries = query.data?.pages.flatMap((page) => page.data) ?? [];

  let content: React.ReactNode;
  if (query.isPending) {
    content = <AdminLoading label="Loading the audit log" />;
  } else if (query.isError) {
    content = <AdminLoadError title="We couldn't load the audit log" query={query} />;
  } else if (!entries.length) {
    content = (
      <AdminMessage
        icon={<ScrollText aria-hidden="true" className="h-6 w-6" />}
        title="No admin actions yet"
        description="Every action an admin takes on a review, a character or a member is recorded here."
      />
    );
  } else {
    content = (
      <>
        <ol aria-label="Audit log" className="flex flex-col gap-2">
          {entries.map((entry) => {
            const fields = changedFields(entry);
            return (
              <li
                key={entry.id}
                className="flex flex-col gap-2 rounded-xl border border-surface-3 bg-surface-1 px-3.5 py-3 text-sm md:grid md:grid-cols-[11rem_10rem_1fr] md:items-start md:gap-4"
              >
                <time dateTime={entry.created_at} className="text-xs text-text-3 md:pt-0.5">
                  {formatDateTime(entry.created_at)}
                </time>
                <span className="truncate font-medium text-text-1">
                  {entry.actor_username ? `@${entry.actor_username}` : (entry.actor_user_id ?? "System")}
                </span>
                <div className="flex min-w-0 flex-col gap-1.5">
                  <span className="flex flex-wrap items-center gap-2">
                    <code className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-xs text-text-1">
                      {entry.action}
                    </code>
                    <Badge variant="neutral">{entry.subject_type}</Badge>
                    <span className="truncate font-mono text-xs text-text-3" title={entry.subject_id}>
                      {entry.subject_id}
                    </span>
                  </span>
                  {fields.length ? (
                    <dl className="flex flex-col gap-0.5 text-xs">
                      {fields.map((key) => (
                        <div key={key} className="flex flex-wrap gap-x-1.5">
                          <dt className="font-semibold text-text-2">{key}:</dt>
                          <dd className="min-w-0 text-text-2 [overflow-wrap:anywhere]">
                            <span className="text-text-3 line-through decoration-text-3/60">
                              {show(entry.before?.[key])}
                            </span>{" "}
                            → <span className="text-text-1">{show(entry.after?.[key])}</span>
                          </dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
        <AdminLoadMore query={query} />
      </>
    );
  }

  return (
    <AdminShell title="Audit log" description="Who did what, when, with the values before and after.">
      {content}
    </AdminShell>
  );
}
