import { Lock } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useSession } from "../../lib/session";
import { BrandMark } from "../shell/brand-mark";
import { SupportLink } from "./support-link";

/** The single screen a user with a complete or temporary restriction sees on every path. */
/** Longest delay a browser timer takes (about 24.8 days); a later end is re-checked after it. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * A temporary restriction's end, when there is one: the screen says when it ends and reloads the
 * member at that moment, so the site opens again by itself once the server no longer applies it.
 */
function useRestrictionEnd(endsAt: string | null | undefined, reloadUser: () => Promise<unknown>) {
  const end = endsAt ? new Date(endsAt) : null;
  const time = end?.getTime() ?? null;
  useEffect(() => {
    if (time === null || Number.isNaN(time)) return;
    const timer = window.setTimeout(
      () => void reloadUser(),
      Math.min(Math.max(time - Date.now(), 0) + 1000, MAX_TIMER_MS),
    );
    return () => window.clearTimeout(timer);
  }, [time, reloadUser]);
  return end && !Number.isNaN(end.getTime()) ? end : null;
}

export function RestrictionScreen() {
  const { signOut, user, reloadUser } = useSession();
  const [leaving, setLeaving] = useState(false);
  const endsAt = useRestrictionEnd(user?.restriction_ends_at, reloadUser);
  return (
    <main id="main-content" className="flex min-h-dvh flex-col items-center justify-center gap-8 px-4 py-12">
      <BrandMark />
      <Card className="w-full max-w-lg text-center">
        <div className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-2xl bg-danger/15 text-danger">
          <Lock aria-hidden="true" className="h-7 w-7" />
        </div>
        <h1 className="text-2xl font-bold tracking-tight">Your account is restricted</h1>
        <p className="mt-3 text-text-2">
          Your account has been restricted for breaking our community guidelines, so you can't use the site
          right now. If you believe this is a mistake, please contact support.
        </p>
        {endsAt ? (
          <p className="mt-3 font-medium">
            The restriction ends on{" "}
            <time dateTime={endsAt.toISOString()}>
              {endsAt.toLocaleString(undefined, { dateStyle: "long", timeStyle: "short" })}
            </time>
            . You can come back then.
          </p>
        ) : null}
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button
            loading={leaving}
            onClick={() => {
              setLeaving(true);
              void signOut().finally(() => setLeaving(false));
            }}
          >
            Log out
          </Button>
          <SupportLink />
        </div>
      </Card>
    </main>
  );
}
