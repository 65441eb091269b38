import type { Branding } from "@hearth/contracts";
import type { ServerConfig } from "../../config";

const FOOTER_LINE_HTML = "© 2026 Hearth. Made for storytellers.";

/** Branding of the configured variant; logo files live in the web app's public folder. */
export function brandingFor(config: ServerConfig): Branding {
  const sfw = config.brand === "sfw";
  const urls = config.brandingUrls;
  return {
    name: sfw ? "Hearth SFW" : "Hearth",
    logo_url: sfw ? "/brand/logo-sfw.svg" : "/brand/logo.svg",
    logo_small_url: sfw ? "/brand/icon-sfw.svg" : "/brand/icon.svg",
    site_icon_url: sfw ? "/brand/icon-sfw.svg" : "/brand/icon.svg",
    // Only a configured address: never the admin's own (that would publish the login of the most
    // powerful account on every page). Without one the web app shows no support link.
    support_url: urls.support ?? "",
    terms_url: urls.terms ?? "/terms",
    privacy_url: urls.privacy ?? "/privacy",
    refund_url: urls.refund ?? "/refund",
    footer_line_html: FOOTER_LINE_HTML,
    default_theme: sfw ? "light" : "dark",
    adult_content: !sfw,
  };
}

/** Partner mode is decided by the Host header (without its port). */
export function isPartnerHost(config: ServerConfig, hostHeader: string | undefined): boolean {
  if (!hostHeader || config.partnerHosts.length === 0) return false;
  const hostname = hostHeader.toLowerCase().replace(/:\d+$/, "");
  return config.partnerHosts.includes(hostname);
}
