import { SmartLink } from "../../components/ui/external-or-internal-link";
import { useBranding } from "../use-branding";

/** Minimal footer for partner mode. */
export function PartnerFooter() {
  const branding = useBranding();
  const linkClass = "rounded hover:text-text-1 focus-visible:outline-2 focus-visible:outline-brand-400";
  return (
    <footer className="mt-12 border-t border-surface-3">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-5 text-xs text-text-3 sm:px-6">
        <p>Powered by {branding.name}</p>
        <div className="flex gap-4">
          <SmartLink href={branding.terms_url || "/terms"} className={linkClass}>
            Terms
          </SmartLink>
          <SmartLink href={branding.privacy_url || "/privacy"} className={linkClass}>
            Privacy
          </SmartLink>
        </div>
      </div>
    </footer>
  );
}
