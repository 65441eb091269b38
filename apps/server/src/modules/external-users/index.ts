/** Partner hosts: partner sign-up and sign-in routes, and the partner's token. */
export { verifyPartnerToken } from "./partner-token";
export { type ExternalUserRouteCommands, registerExternalUserRoutes } from "./routes";
