import { TriangleAlert } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Spinner } from "../../../components/ui/spinner";
import { AdminMessage } from "./admin-shell";

/** The part of a TanStack query (plain or infinite) that its loading and error states read. */
export type AdminQuery<T> = {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
};

/** The spinner an admin page shows while its query loads; `compact` for a panel rather than a page. */
export function AdminLoading({ label, compact = false }: { label: string; compact?: boolean }) {
  return (
    <div className={cn("flex justify-center", compact ? "py-12" : "py-16")}>
      <Spinner label={label} />
    </div>
  );
}

/** The alert an admin page shows when its query fails, with a Retry that refetches. */
export function AdminLoadError({ title, query }: { title: string; query: AdminQuery<unknown> }) {
  return (
    <AdminMessage
      tone="danger"
      icon={<TriangleAlert aria-hidden="true" className="h-6 w-6" />}
      title={title}
      description={query.error?.message}
      action={
        <Button variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
          Retry
        </Button>
      }
    />
  );
}

/** Load more under an infinite query's list; nothing once the last page is in. */
export function AdminLoadMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      className="self-center"
      onClick={() => void query.fetchNextPage()}
      loading={query.isFetchingNextPage}
    >
      Load more
    </Button>
  );
}
