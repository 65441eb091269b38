import { type AppConfig, appConfigSchema, TIMINGS } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../lib/api-client";

export const appConfigKeys = {
  all: ["app-config"] as const,
};

/** The config the server embedded in the page (absent under the Vite dev server or when invalid). */
function embeddedConfig(): AppConfig | undefined {
  const text = typeof document === "undefined" ? null : document.getElementById("app-config")?.textContent;
  if (!text) return undefined;
  try {
    const parsed = appConfigSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const pageLoadedAt = Date.now();
const pageConfig = embeddedConfig();

/**
 * Branding, feature flags and remote settings: first the copy embedded in the page, so the first screen
 * needs no request for it; refreshed from `/api/config` when older than the configured age.
 */
export function fetchAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return apiFetch("/config", { schema: appConfigSchema, signal });
}

export function useAppConfig() {
  return useQuery<AppConfig>({
    queryKey: appConfigKeys.all,
    queryFn: ({ signal }) => fetchAppConfig(signal),
    staleTime: TIMINGS.appSettingsMaxAgeMs,
    initialData: pageConfig,
    initialDataUpdatedAt: pageLoadedAt,
  });
}
