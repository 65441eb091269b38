import { ExternalLink, Info } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useAppConfig } from "../../../api/config";
import { cn } from "../../../components/ui/cn";

/** Branding used by the legal pages, with the product defaults while the configuration loads. */
export function useLegalBranding() {
  const { data } = useAppConfig();
  const branding = data?.branding;
  const name = branding?.name ?? "Hearth";
  return {
    name,
    /** True when the instance keeps the project's own name (avoids "Hearth runs on Hearth"). */
    isHearth: name.trim().toLowerCase() === "hearth",
    supportUrl: branding?.support_url ?? "",
    termsUrl: branding?.terms_url ?? "",
    privacyUrl: branding?.privacy_url ?? "",
    refundUrl: branding?.refund_url ?? "",
    adultContent: branding?.adult_content ?? data?.brand === "adult",
  };
}

/** True for an absolute http(s) URL that is not this very page. */
export function isExternalUrl(url: string | undefined | null, currentPath?: string): url is string {
  if (!url || !/^https?:\/\//i.test(url)) return false;
  if (typeof window === "undefined") return true;
  try {
    const target = new URL(url);
    return !(target.origin === window.location.origin && target.pathname === (currentPath ?? ""));
  } catch {
    return false;
  }
}

const linkClasses =
  "font-medium text-brand-300 underline decoration-brand-300/40 underline-offset-2 hover:decoration-current " +
  "in-[.light]:text-brand-700 in-[.light]:decoration-brand-700/40 " +
  "rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

/** A text link: in-app paths use the router; http(s) links open in a new tab; mailto and others are plain. */
export function LegalLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  if (href.startsWith("/") && !href.startsWith("//")) {
    return (
      <Link to={href} className={cn(linkClasses, className)}>
        {children}
      </Link>
    );
  }
  const external = /^https?:\/\//i.test(href);
  return (
    <a
      href={href}
      className={cn(linkClasses, className)}
      {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
    >
      {children}
      {external ? (
        <>
          <ExternalLink aria-hidden="true" className="ml-0.5 inline h-3.5 w-3.5 align-[-2px]" />
          <span className="sr-only"> (opens in a new tab)</span>
        </>
      ) : null}
    </a>
  );
}

/**
 * "contact support" link to branding.support_url; without a configured URL, plain text pointing at the
 * operator (a link to nowhere would be worse).
 */
export function SupportLink({ children = "contact support" }: { children?: ReactNode }) {
  const { supportUrl } = useLegalBranding();
  if (!supportUrl.trim()) return <>contact the operator of this site</>;
  return <LegalLink href={supportUrl}>{children}</LegalLink>;
}

export type LegalLayoutProps = {
  title: string;
  /** ISO date (YYYY-MM-DD) of the last change. */
  lastUpdated?: string;
  /** Short lead paragraph under the title. */
  intro?: ReactNode;
  /** When the operator publishes this document elsewhere (absolute URL), a note links there. */
  externalUrl?: string;
  externalLabel?: string;
  icon?: ReactNode;
  children: ReactNode;
};

export function formatLegalDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(date);
}

/** Shared frame and typography for the legal and information pages. */
export function LegalLayout({
  title,
  lastUpdated,
  intro,
  externalUrl,
  externalLabel,
  icon,
  children,
}: LegalLayoutProps) {
  const { pathname } = useLocation();
  const showExternal = isExternalUrl(externalUrl, pathname);
  return (
    <article className="mx-auto w-full max-w-3xl px-4 pt-8 pb-20 sm:px-6 sm:pt-12">
      <header className="flex flex-col gap-3 border-b border-surface-3 pb-6">
        {icon ? (
          <div className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-500/15 text-brand-500">
            {icon}
          </div>
        ) : null}
        <h1 className="text-3xl font-extrabold tracking-tight text-balance text-text-1 sm:text-4xl">
          {title}
        </h1>
        {lastUpdated ? (
          <p className="text-sm text-text-3">
            Last updated: <time dateTime={lastUpdated}>{formatLegalDate(lastUpdated)}</time>
          </p>
        ) : null}
        {intro ? <div className="text-base leading-relaxed text-text-2 sm:text-lg">{intro}</div> : null}
      </header>
      {showExternal ? (
        <aside
          aria-label="Operator's version"
          className="mt-6 flex gap-3 rounded-2xl border border-surface-3 bg-surface-1 p-4 text-sm leading-relaxed text-text-2"
        >
          <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-accent-500" />
          <p>
            The operator of this site publishes its own {externalLabel ?? "version of this document"}{" "}
            <LegalLink href={externalUrl}>on a separate page</LegalLink>. Where that page differs from the
            text below, it takes precedence.
          </p>
        </aside>
      ) : null}
      <div className="mt-2 flex flex-col">{children}</div>
    </article>
  );
}

/** A titled section (h2) with paragraph and list styling. */
export function LegalSection({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <section
      id={id}
      className={cn(
        "mt-8 flex flex-col gap-3 text-[15px] leading-relaxed text-text-2",
        "[&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-1.5 [&_ul]:pl-5 [&_li]:marker:text-text-3",
        "[&_strong]:font-semibold [&_strong]:text-text-1",
      )}
    >
      <h2 className="text-xl font-bold tracking-tight text-text-1">{title}</h2>
      {children}
    </section>
  );
}
