/** The public app config: branding, partner hosts, feature flags and remote settings. */
export { isPartnerHost } from "./branding";
export { ensureConfigDefaults, readRemoteSetting } from "./repository";
export { appConfigFor, registerAppConfigRoutes } from "./routes";
