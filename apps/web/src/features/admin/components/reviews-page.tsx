import { type AdminReview, REPORT_PROMISE_DAYS, REVIEW_FILTERS } from "@hearth/contracts";
import { ChevronDown, ClipboardCheck } from "lucide-react";
import { Fragment, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { type ReviewFilter, useReviews } from "../../../api/admin";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../components/ui/cn";
import { inputClasses } from "../../../components/ui/input";
import { ACTION_LABELS, ageInDays, formatDateTime, SOURCE_LABELS } from "../lib/format";
import { AdminLoadError, AdminLoading, AdminLoadMore } from "./admin-query-states";
import { AdminMessage, AdminShell } from "./admin-shell";
import { ReviewActions } from "./review-actions";
import { ReviewCharacterCard, ReviewMessages, ReviewReports } from "./review-character";

const FILTER_LABELS: Record<ReviewFilter, string> = { open: "Open", closed: "Closed", all: "All" };

function filterOf(value: string | null): ReviewFilter {
  return REVIEW_FILTERS.find((f) => f === value) ?? "open";
}

/** Cells stack as labelled lines on phones and form the spec's table from the md breakpoint. */
const cell = cn(
  "px-3 py-2.5 align-top text-sm text-text-1",
  "max-md:flex max-md:gap-3 max-md:px-0 max-md:py-1 max-md:before:w-24 max-md:before:shrink-0",
  "max-md:before:text-xs max-md:before:font-semibold max-md:before:text-text-3 max-md:before:content-[attr(data-label)]",
);

/** The table's column headings: the review fields as the admin API names them. */
const REVIEW_COLUMNS = [
  "id",
  "character_id",
  "issue",
  "resolution",
  "details",
  "createdAt",
  "status",
  "action_taken",
];

/** `/admin/reviews` (account spec 2.9): the review table with a status filter, details and actions beside each. */
export function AdminReviewsPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get("status"));
  const query = useReviews(filter);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const reviews = query.data?.pages.flatMap((page) => page.data) ?? [];
  const first = query.data?.pages[0];

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 5000);
    return () => clearTimeout(timer);
  }, [notice]);

  let content: React.ReactNode;
  if (query.isPending) {
    content = <AdminLoading label="Loading reviews" />;
  } else if (query.isError) {
    content = <AdminLoadError title="We couldn't load the reviews" query={query} />;
  } else if (!reviews.length) {
    content = (
      <AdminMessage
        icon={<ClipboardCheck aria-hidden="true" className="h-6 w-6" />}
        title={filter === "open" ? "No open reports" : "No reviews"}
        description={
          filter === "open" ? "Every report has been handled. New reports show up here." : "Nothing matches."
        }
      />
    );
  } else {
    content = (
      <>
        <div className="overflow-hidden rounded-2xl border border-surface-3 bg-surface-1">
          <table className="w-full border-collapse max-md:block">
            <caption className="sr-only">
              {FILTER_LABELS[filter]} reviews. Open the id to see the character, the reported messages and the
              actions.
            </caption>
            <thead className="bg-surface-2/70 text-left text-xs font-semibold tracking-wide text-text-3 uppercase max-md:sr-only">
              <tr>
                {REVIEW_COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2.5">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="max-md:block">
              {reviews.map((review) => (
                <ReviewRow
                  key={review.id}
                  review={review}
                  open={expanded === review.id}
                  onToggle={() => setExpanded((id) => (id === review.id ? null : review.id))}
                  onDone={setNotice}
                />
              ))}
            </tbody>
          </table>
        </div>
        <AdminLoadMore query={query} />
      </>
    );
  }

  return (
    <AdminShell
      title="Reviews"
      description={
        first
          ? `${first.open_count} open, ${first.overdue_count} overdue (older than ${REPORT_PROMISE_DAYS} days)`
          : `Reports are handled within ${REPORT_PROMISE_DAYS} days.`
      }
      actions={
        <div className="flex items-center gap-2">
          <label htmlFor="review-filter" className="text-sm font-medium text-text-2">
            Status
          </label>
          <select
            id="review-filter"
            value={filter}
            onChange={(e) => {
              setExpanded(null);
              setParams(e.target.value === "open" ? {} : { status: e.target.value }, { replace: true });
            }}
            className={cn(inputClasses, "w-auto py-2")}
          >
            {REVIEW_FILTERS.map((f) => (
              <option key={f} value={f}>
                {FILTER_LABELS[f]}
              </option>
            ))}
          </select>
        </div>
      }
    >
      <p
        role="status"
        className={
          notice
            ? "rounded-xl border border-success/40 bg-success/10 px-3.5 py-2.5 text-sm text-text-1"
            : "sr-only"
        }
      >
        {notice}
      </p>
      {content}
    </AdminShell>
  );
}

function ReviewRow({
  review,
  open,
  onToggle,
  onDone,
}: {
  review: AdminReview;
  open: boolean;
  onToggle: () => void;
  onDone: (message: string) => void;
}) {
  const panelId = `review-${review.id}`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shortId = review.id.slice(0, 8);
  return (
    <Fragment>
      <tr
        className={cn(
          "border-t border-surface-3 first:border-t-0 max-md:block max-md:px-4 max-md:py-3",
          review.overdue && "bg-danger/5 shadow-[inset_3px_0_0_var(--danger)]",
          open && "bg-surface-2/50",
        )}
      >
        <td data-label="id" className={cell}>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={onToggle}
            aria-label={`Review ${shortId}: ${open ? "hide" : "show"} details`}
            className="inline-flex items-center gap-1 rounded font-mono text-xs text-link hover:underline focus-visible:outline-2 focus-visible:outline-brand-400"
          >
            <ChevronDown
              aria-hidden="true"
              className={cn(
                "h-4 w-4 transition-transform motion-reduce:transition-none",
                open && "rotate-180",
              )}
            />
            {shortId}
          </button>
        </td>
        <td data-label="character_id" className={cell}>
          <Link
            to={`/chatbot/${review.character_id}`}
            title={review.character_id}
            className="block max-w-[9rem] truncate font-mono text-xs text-text-2 hover:text-text-1 hover:underline"
          >
            {review.character?.name ?? review.character_id}
          </Link>
        </td>
        <td data-label="issue" className={cell}>
          <span className="flex flex-col">
            <span className="font-medium">{review.issue}</span>
            <span className="text-xs text-text-3">
              {SOURCE_LABELS[review.source]}
              {review.report_count > 1 ? ` · ${review.report_count} members` : ""}
            </span>
          </span>
        </td>
        <td data-label="resolution" className={cell}>
          {review.resolution ?? <span className="text-text-3">—</span>}
        </td>
        <td data-label="details" className={cn(cell, "md:max-w-xs")}>
          <span className="line-clamp-3 [overflow-wrap:anywhere]">{review.details}</span>
        </td>
        <td data-label="createdAt" className={cn(cell, "whitespace-nowrap")}>
          <span className="flex flex-col">
            <time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>
            <span className="text-xs text-text-3">{ageInDays(review.createdAt)}</span>
          </span>
        </td>
        <td data-label="status" className={cell}>
          <span className="flex flex-wrap gap-1">
            <Badge variant={review.status === "open" ? "brand" : "neutral"}>{review.status}</Badge>
            {review.overdue ? <Badge variant="danger">Overdue</Badge> : null}
          </span>
        </td>
        <td data-label="action_taken" className={cell}>
          {review.status === "closed" ? (
            ACTION_LABELS[review.action_taken]
          ) : (
            <span className="text-text-3">—</span>
          )}
        </td>
      </tr>
      {open ? (
        <tr id={panelId} className="border-t border-surface-3 bg-surface-0/60 max-md:block">
          <td colSpan={8} className="p-4 max-md:block sm:p-5">
            <h2 ref={headingRef} tabIndex={-1} className="mb-3 text-base font-bold text-text-1 outline-none">
              Review {shortId}
              {review.status === "closed" ? (
                <span className="ml-2 text-sm font-medium text-text-2">
                  closed · {ACTION_LABELS[review.action_taken]}
                </span>
              ) : null}
            </h2>
            <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
              {review.character ? (
                <ReviewCharacterCard character={review.character} />
              ) : (
                <p className="rounded-2xl border border-dashed border-surface-3 p-4 text-sm text-text-3">
                  This character no longer exists.
                </p>
              )}
              <div className="flex min-w-0 flex-col gap-4">
                <section aria-label="Report" className="flex flex-col gap-1 text-sm">
                  <h3 className="font-semibold text-text-1">Details</h3>
                  <p className="whitespace-pre-wrap text-text-2 [overflow-wrap:anywhere]">{review.details}</p>
                </section>
                <ReviewReports reports={review.reports} total={review.report_count} />
                <ReviewMessages messages={review.messages} />
                <ReviewActions
                  review={review}
                  onDone={(message) => {
                    onDone(message);
                    // The actions are gone: the focus moves to the review's heading, after any dialog has
                    // closed and handed the focus back.
                    setTimeout(() => headingRef.current?.focus(), 0);
                  }}
                />
              </div>
            </div>
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}
