import { type AppConfig, appConfigSchema, TIMINGS } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "./api-client";

export const appConfigQueryKey = ["app-config"] as const;

/** Branding, feature flags and remote settings; refreshed when older than the configured age. */
export function useAppConfig() {
  return useQuery<AppConfig>({
    queryKey: appConfigQueryKey,
    queryFn: ({ signal }) => apiFetch("/config", { schema: appConfigSchema, signal }),
    staleTime: TIMINGS.appSettingsMaxAgeMs,
  });
}
