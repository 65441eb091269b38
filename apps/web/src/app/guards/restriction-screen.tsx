import { Lock } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useSession } from "../../lib/session";
import { BrandMark } from "../shell/brand-mark";
import { SupportLink } from "./support-link";

/** The single screen a user with a complete or temporary restriction sees on every path. */
export function RestrictionScreen() {
  const { signOut } = useSession();
  const [leaving, setLeaving] = useState(false);
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
