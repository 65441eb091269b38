import { Receipt, TriangleAlert } from "lucide-react";
import { useBillingHistory } from "../../../api/billing";
import { Badge } from "../../../components/ui/badge";
import { Card } from "../../../components/ui/card";
import { cn } from "../../../components/ui/cn";
import { formatDate, HISTORY_KIND_LABELS, historyAmount } from "../lib/portal";
import { RetryButton } from "./retry-button";

/** The member's payments, refunds and credits from the ledger, newest first. */
export function BillingHistory() {
  const history = useBillingHistory();
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-10 w-10 items-center justify-center rounded-xl bg-surface-2 text-link ring-1 ring-surface-3"
        >
          <Receipt className="h-5 w-5" />
        </span>
        <h2 id="billing-history-heading" className="text-lg font-bold text-text-1">
          Billing history
        </h2>
      </div>
      <div className="mt-4">
        {history.isPending ? (
          <div role="status" aria-label="Loading billing history" className="flex flex-col gap-2">
            {[0, 1, 2].map((i) => (
              <div
                key={i}
                className="h-14 animate-pulse rounded-xl bg-surface-2 motion-reduce:animate-none"
              />
            ))}
          </div>
        ) : history.error ? (
          <div
            role="alert"
            className="flex flex-col items-start gap-3 rounded-xl border border-danger/40 bg-danger/10 p-4"
          >
            <p className="flex items-center gap-2 text-sm text-text-1">
              <TriangleAlert aria-hidden="true" className="h-4 w-4 text-danger" />
              We couldn't load your billing history. {history.error.message}
            </p>
            <RetryButton query={history} />
          </div>
        ) : history.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-surface-3 p-6 text-center text-sm text-text-2">
            No payments yet.
          </p>
        ) : (
          <ul aria-labelledby="billing-history-heading" className="divide-y divide-surface-3">
            {history.data.map((entry) => (
              <li key={entry.id} className="flex items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium break-words text-text-1">{entry.description}</p>
                  <p className="text-xs text-text-3">
                    <time dateTime={entry.created_at}>{formatDate(entry.created_at)}</time>
                    {entry.tax > 0 ? " · taxes included" : null}
                  </p>
                </div>
                <Badge variant={entry.kind === "charge" ? "neutral" : "success"}>
                  {HISTORY_KIND_LABELS[entry.kind]}
                </Badge>
                <span
                  className={cn(
                    "w-20 text-right text-sm font-semibold tabular-nums",
                    entry.kind === "charge" ? "text-text-1" : "text-success",
                  )}
                >
                  {historyAmount(entry)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
