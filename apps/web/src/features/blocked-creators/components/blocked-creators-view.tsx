import { Ban, LogIn, ShieldOff, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useBlockedCreators, useSetCreatorBlocked } from "../../../api/blocked-creators";
import { Button, ButtonLink } from "../../../components/ui/button";
import { useSession } from "../../../lib/session";

export const NOT_BLOCKED_ANY = "Not blocked any creator yet!";
export const NOT_LOGGED_IN = "You are not logged in yet!";

/** Blocked creators (account spec 2.5): id and username with Unblock. */
export function BlockedCreatorsView() {
  const { status } = useSession();
  const member = status === "member";
  const query = useBlockedCreators(member);
  const unblock = useSetCreatorBlocked();

  let content: ReactNode;
  if (status === "loading") {
    content = <ListSkeleton />;
  } else if (!member) {
    content = (
      <Empty icon={<LogIn aria-hidden="true" className="h-6 w-6" />} text={NOT_LOGGED_IN}>
        <ButtonLink to="/login?redirect=%2Fblocked-creators">Sign in</ButtonLink>
      </Empty>
    );
  } else if (query.isPending) {
    content = <ListSkeleton />;
  } else if (query.isError) {
    content = (
      <div role="alert">
        <Empty
          icon={<TriangleAlert aria-hidden="true" className="h-6 w-6" />}
          text="We couldn't load your blocked creators"
        >
          <Button variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
            Retry
          </Button>
        </Empty>
      </div>
    );
  } else if (query.data.length === 0) {
    content = <Empty icon={<ShieldOff aria-hidden="true" className="h-6 w-6" />} text={NOT_BLOCKED_ANY} />;
  } else {
    content = (
      <ul
        aria-label="Blocked creators"
        className="divide-y divide-surface-3 overflow-hidden rounded-2xl border border-surface-3 bg-surface-1"
      >
        {query.data.map((creator) => (
          <li key={creator.id} className="flex items-center gap-3 px-4 py-3">
            <div
              aria-hidden="true"
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-surface-3 to-brand-700/50 font-bold text-white"
            >
              {(creator.username ?? "?").charAt(0).toUpperCase()}
            </div>
            <div className="min-w-0 flex-1">
              {creator.username ? (
                <Link
                  to={`/creator/${encodeURIComponent(creator.username)}`}
                  className="font-semibold text-text-1 hover:underline"
                >
                  @{creator.username}
                </Link>
              ) : (
                <span className="font-semibold text-text-2">Unnamed creator</span>
              )}
              <p className="truncate font-mono text-xs text-text-3">{creator.id}</p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              loading={unblock.isPending && unblock.variables?.creatorId === creator.id}
              onClick={() => unblock.mutate({ creatorId: creator.id, blocked: false })}
              aria-label={`Unblock ${creator.username ? `@${creator.username}` : creator.id}`}
            >
              Unblock
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 pt-6 pb-16 sm:px-6">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-extrabold tracking-tight text-text-1 sm:text-3xl">
          <Ban aria-hidden="true" className="h-6 w-6 text-text-3" />
          Blocked creators
        </h1>
        <p className="mt-1 text-sm text-text-2">Chatbots by creators you block are hidden from you.</p>
      </div>
      {unblock.isError ? (
        <p role="alert" className="text-sm text-danger">
          {unblock.error.message}
        </p>
      ) : null}
      {content}
    </div>
  );
}

function Empty({ icon, text, children }: { icon: ReactNode; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-surface-3 bg-surface-1/60 px-6 py-14 text-center">
      <div className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-500/15 text-brand-500">
        {icon}
      </div>
      <p className="text-base font-semibold text-text-1">{text}</p>
      {children}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading blocked creators" className="flex flex-col gap-2">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-16 animate-pulse rounded-2xl bg-surface-1" />
      ))}
    </div>
  );
}
