import type { ReactNode } from "react";
import { Outlet, useLocation } from "react-router";
import { EmailUpdateRedirect } from "../../features/email/components/email-update-redirect";
import { OnboardingGate } from "../../features/onboarding/components/onboarding-gate";
import { BirthdayBanner } from "../../features/promotions/components/birthday-banner";
import { ErrorBoundary } from "../error-boundary";
import { ImpersonationBanner, OfflineBanner } from "../shell/banners";
import { Footer } from "../shell/footer";
import { Navbar } from "../shell/navbar";
import { PartnerFooter } from "../shell/partner-footer";
import { PartnerNavbar } from "../shell/partner-navbar";
import { usePartnerMode } from "../use-branding";

export function SkipLink() {
  return (
    <a
      href="#main-content"
      className="sr-only z-[60] rounded-xl bg-brand-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}

/** Banners, navbar, main landmark and (optionally) footer around the routed page. */
export function SiteChrome({ footer, gate }: { footer: boolean; gate?: (page: ReactNode) => ReactNode }) {
  const partner = usePartnerMode();
  const { pathname } = useLocation();
  const page = <Outlet />;
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <ImpersonationBanner />
      <OfflineBanner />
      <BirthdayBanner />
      {partner ? <PartnerNavbar /> : <Navbar />}
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <ErrorBoundary resetKey={pathname}>{gate ? gate(page) : page}</ErrorBoundary>
        <EmailUpdateRedirect />
        <OnboardingGate />
      </main>
      {footer ? partner ? <PartnerFooter /> : <Footer /> : null}
    </div>
  );
}
