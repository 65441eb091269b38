import type { AppConfig } from "@hearth/contracts";

/**
 * The older subscribe page's external subscription platforms. Each is offered only when the operator has
 * set its address as a remote setting (an https URL); without any, the page simply leaves them out.
 */
export const PLATFORM_SETTINGS = [
  { key: "subscribestar_url", name: "SubscribeStar" },
  { key: "patreon_url", name: "Patreon" },
] as const;

export type PlatformLink = { name: string; url: string };

export function platformLinks(settings: AppConfig["settings"] | undefined): PlatformLink[] {
  if (!settings) return [];
  return PLATFORM_SETTINGS.flatMap(({ key, name }) => {
    const value = settings[key];
    if (typeof value !== "string") return [];
    try {
      const url = new URL(value);
      return url.protocol === "https:" ? [{ name, url: url.href }] : [];
    } catch {
      return [];
    }
  });
}
