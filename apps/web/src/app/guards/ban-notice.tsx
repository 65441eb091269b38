import { ShieldAlert } from "lucide-react";
import { ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { SupportLink } from "./support-link";

/** Shown by the route guard when a page is off-limits because the account has `limited_access`. */
export function BanNotice() {
  return (
    <div className="mx-auto flex w-full max-w-lg px-4 py-16">
      <Card className="w-full text-center">
        <div className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-2xl bg-amber-500/15 text-amber-400">
          <ShieldAlert aria-hidden="true" className="h-7 w-7" />
        </div>
        <h1 className="text-2xl font-bold tracking-tight">Your account has limited access</h1>
        <p className="mt-3 text-text-2">
          Your account has been limited by our moderation team, so some features, including this page, are not
          available to you. If you think this is a mistake, please contact support.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <SupportLink />
          <ButtonLink to="/" variant="ghost">
            Back to home
          </ButtonLink>
        </div>
      </Card>
    </div>
  );
}
