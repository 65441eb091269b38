import { Navigate, useParams, useSearchParams } from "react-router";
import { LinkSubscribeStar } from "../features/subscribestar/components/link-subscribestar";

/**
 * `/link/subscribestar` and `/link/subscribestar/{transientId}?subscribestar_code=...` (protected). When
 * SubscribeStar redirects back to the plain link page with its own `code` and `state`, the address is
 * turned into the spec's `/link/subscribestar/{state}?subscribestar_code={code}` first.
 */
export function LinkSubscribeStarPage() {
  const { transientId } = useParams();
  const [params] = useSearchParams();
  const oauthCode = params.get("code");
  const state = params.get("state");
  if (!transientId && oauthCode && state) {
    const query = new URLSearchParams({ subscribestar_code: oauthCode });
    return <Navigate replace to={`/link/subscribestar/${encodeURIComponent(state)}?${query}`} />;
  }
  return (
    <LinkSubscribeStar
      // A new attempt or code starts the flow afresh.
      key={`${transientId ?? ""}:${params.get("subscribestar_code") ?? ""}`}
      transientId={transientId ?? state}
      code={params.get("subscribestar_code")}
      denied={params.has("error")}
    />
  );
}
