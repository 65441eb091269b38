import type { Branding, FeatureFlag } from "@hearth/contracts";
import { FEATURE_FLAG_DEFAULTS } from "@hearth/contracts";
import { useAppConfig } from "../api/config";

/** Shown until `/api/config` answers (or when it fails): a neutral wordmark and internal legal pages. */
export const FALLBACK_BRANDING: Branding = {
  name: "Hearth",
  logo_url: "",
  logo_small_url: "",
  site_icon_url: "",
  support_url: "",
  terms_url: "/terms",
  privacy_url: "/privacy",
  refund_url: "/refund",
  footer_line_html: "",
  default_theme: "dark",
  adult_content: false,
};

export function useBranding(): Branding {
  const { data } = useAppConfig();
  return data?.branding ?? FALLBACK_BRANDING;
}

/** A feature flag's value, its default until the config has loaded. */
export function useFlag(flag: FeatureFlag): boolean {
  const { data } = useAppConfig();
  return data?.flags[flag] ?? FEATURE_FLAG_DEFAULTS[flag];
}

export function usePartnerMode(): boolean {
  const { data } = useAppConfig();
  return data?.partner_mode ?? false;
}
