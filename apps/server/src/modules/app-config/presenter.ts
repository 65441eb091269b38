import { type AppConfig, FEATURE_FLAGS, type FeatureFlagState } from "@hearth/contracts";
import type { ServerConfig } from "../../config";
import { SERVER_VERSION } from "../../paths";
import { brandingFor, isPartnerHost } from "./branding";

type StoredConfig = {
  flags: { name: string; enabled: boolean }[];
  settings: { key: string; value: number | string | boolean }[];
};

export function presentAppConfig(
  config: ServerConfig,
  host: string | undefined,
  stored: StoredConfig,
): AppConfig {
  return {
    brand: config.brand,
    branding: brandingFor(config),
    partner_mode: isPartnerHost(config, host),
    // Only the flags this version knows: a retired flag's row (e.g. chat_layout_v2) stays in old databases.
    flags: Object.fromEntries(
      stored.flags
        .filter((flag) => (FEATURE_FLAGS as readonly string[]).includes(flag.name))
        .map((flag) => [flag.name, flag.enabled]),
    ),
    settings: Object.fromEntries(stored.settings.map((setting) => [setting.key, setting.value])),
    version: SERVER_VERSION,
  };
}

export function presentFeatureFlag(flag: { name: string; enabled: boolean }): FeatureFlagState {
  return { name: flag.name, enabled: flag.enabled };
}
