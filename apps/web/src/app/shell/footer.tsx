import type { ReactNode } from "react";
import { SmartLink } from "../../components/ui/external-or-internal-link";
import { htmlToText } from "../../lib/html-to-text";
import { useBranding } from "../use-branding";
import { BrandMark } from "./brand-mark";

type FooterLink = { label: string; href: string };

const COMMUNITY: FooterLink[] = [
  { label: "Discord", href: "https://discord.com/" },
  { label: "Reddit", href: "https://www.reddit.com/" },
];
const SOCIALS: FooterLink[] = [
  { label: "X", href: "https://x.com/" },
  { label: "Instagram", href: "https://www.instagram.com/" },
  { label: "TikTok", href: "https://www.tiktok.com/" },
];
const APPS: FooterLink[] = [
  { label: "Android", href: "/apps/android" },
  { label: "iOS", href: "/download" },
  { label: "All apps", href: "/download" },
];

const linkClass =
  "rounded text-sm text-text-2 transition-colors hover:text-text-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400";

function Column({ title, children }: { title: string; children: ReactNode }) {
  const id = `footer-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-xs font-semibold tracking-wider text-text-3 uppercase">
        {title}
      </h2>
      <ul className="flex flex-col gap-2">{children}</ul>
    </nav>
  );
}

function Item({ link }: { link: FooterLink }) {
  return (
    <li>
      <SmartLink href={link.href} className={linkClass}>
        {link.label}
      </SmartLink>
    </li>
  );
}

/** Public-layout footer: resources, community, socials, apps, compliance and the brand's footer line. */
export function Footer() {
  const branding = useBranding();
  const footerLine = htmlToText(branding.footer_line_html);
  const resources: FooterLink[] = [
    { label: "Privacy", href: branding.privacy_url || "/privacy" },
    { label: "Terms", href: branding.terms_url || "/terms" },
    { label: "Refund Policy", href: branding.refund_url || "/refund" },
    { label: "Download apps", href: "/download" },
    { label: "Contribute", href: "/contribute" },
  ];
  return (
    <footer className="mt-16 border-t border-surface-3 bg-surface-1/60">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:grid-cols-5">
          <div className="col-span-2 sm:col-span-3 lg:col-span-1">
            <BrandMark />
            <p className="mt-3 max-w-xs text-sm text-text-3">
              Chat with AI characters, or create your own and share them with the community.
            </p>
          </div>
          <Column title="Resources">
            {resources.map((l) => (
              <Item key={l.label} link={l} />
            ))}
          </Column>
          <Column title="Community">
            {COMMUNITY.map((l) => (
              <Item key={l.label} link={l} />
            ))}
          </Column>
          <Column title="Socials">
            {SOCIALS.map((l) => (
              <Item key={l.label} link={l} />
            ))}
          </Column>
          <Column title="Apps">
            {APPS.map((l) => (
              <Item key={l.label} link={l} />
            ))}
          </Column>
        </div>
        <div className="mt-10 flex flex-col gap-3 border-t border-surface-3 pt-6 text-sm text-text-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
          <p>{footerLine || `© ${new Date().getFullYear()} ${branding.name}`}</p>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {branding.adult_content ? (
              <SmartLink href="/2257" className={linkClass}>
                18 U.S.C. 2257 Compliance Statement
              </SmartLink>
            ) : null}
            {branding.support_url ? (
              <SmartLink href={branding.support_url} className={linkClass}>
                Support
              </SmartLink>
            ) : null}
          </div>
        </div>
      </div>
    </footer>
  );
}
