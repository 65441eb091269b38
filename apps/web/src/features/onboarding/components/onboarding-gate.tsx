import { FEATURE_FLAG_DEFAULTS } from "@hearth/contracts";
import { useState } from "react";
import { useLocation } from "react-router";
import { useAppConfig } from "../../../api/config";
import { useSession } from "../../../lib/session";
import { needsOnboardingModal } from "../lib/onboarding-visibility";
import { OnboardingModal } from "./onboarding-modal";

/** Mounted once in the app shell: opens the onboarding modal for members who still need it. */
export function OnboardingGate() {
  const { status, user, reloadUser } = useSession();
  const config = useAppConfig();
  const { pathname } = useLocation();
  // Keeps the modal up for its "done" step after the account got its username.
  const [finishing, setFinishing] = useState(false);
  const flagOn = config.data
    ? (config.data.flags.onboarding_v2 ?? FEATURE_FLAG_DEFAULTS.onboarding_v2)
    : false;
  const needed = needsOnboardingModal({
    status,
    user,
    flagOn,
    partnerMode: config.data?.partner_mode ?? false,
    pathname,
  });
  if (!needed && !finishing) return null;
  return (
    <OnboardingModal
      key={user?.id}
      brandName={config.data?.branding.name ?? "Hearth"}
      onFinished={async () => {
        setFinishing(true);
        await reloadUser();
      }}
      onClose={() => setFinishing(false)}
    />
  );
}
