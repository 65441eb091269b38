import { SUBSCRIBESTAR_WELCOME_REDIRECT_SECONDS } from "@hearth/contracts";
import { Heart, Link2 } from "lucide-react";
import { useNavigate } from "react-router";
import { ButtonLink } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { useSession } from "../../../lib/session";
import { useRedirectCountdown } from "../hooks/use-subscribestar-link";

/**
 * `/welcome/subscribestar` (account spec 2.11 and 9): thanks for subscribing on SubscribeStar, then after
 * 10 seconds on to the link page (a signed-in member, who links the pledge to this account) or home.
 */
export function WelcomeSubscribeStar() {
  const { status } = useSession();
  const navigate = useNavigate();
  const member = status === "member";
  const target = member ? "/link/subscribestar" : "/";
  const left = useRedirectCountdown(SUBSCRIBESTAR_WELCOME_REDIRECT_SECONDS, () =>
    navigate(target, { replace: true }),
  );

  return (
    <div className="relative mx-auto flex w-full max-w-xl flex-1 flex-col justify-center gap-6 px-4 py-12 sm:px-6 sm:py-20">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-1/2 h-72 w-72 -translate-x-1/2 -translate-y-1/2 rounded-full bg-gradient-to-br from-brand-600/20 to-accent-500/10 blur-3xl"
      />
      <Card className="relative flex flex-col items-center gap-5 p-6 text-center sm:p-10">
        <div className="flex h-16 w-16 items-center justify-center rounded-2xl bg-brand-600/15 text-link ring-1 ring-brand-500/30">
          <Heart aria-hidden="true" className="h-8 w-8" />
        </div>
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-balance text-text-1 sm:text-4xl">
            Thanks for subscribing!
          </h1>
          <p className="mt-3 text-text-2">
            Your support on SubscribeStar keeps Hearth going.{" "}
            {member
              ? "Link your SubscribeStar account to unlock your plan here."
              : "Sign in and link your SubscribeStar account to unlock your plan."}
          </p>
        </div>
        <p className="text-sm text-text-3" aria-live="polite">
          Taking you {member ? "to account linking" : "home"} in{" "}
          <span className="font-semibold text-text-1 tabular-nums">{left}</span>{" "}
          {left === 1 ? "second" : "seconds"}…
        </p>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          {member ? (
            <ButtonLink to="/link/subscribestar" replace>
              <Link2 aria-hidden="true" className="h-4 w-4" />
              Link my account now
            </ButtonLink>
          ) : null}
          <ButtonLink to="/" variant={member ? "secondary" : "primary"} replace>
            Back to home
          </ButtonLink>
        </div>
      </Card>
    </div>
  );
}
