import { Button } from "../../../components/ui/button";

/** Retry under a failed query's message: refetches it, spinning while it does. */
export function RetryButton({ query }: { query: { isFetching: boolean; refetch: () => Promise<unknown> } }) {
  return (
    <Button variant="secondary" size="sm" loading={query.isFetching} onClick={() => void query.refetch()}>
      Retry
    </Button>
  );
}
