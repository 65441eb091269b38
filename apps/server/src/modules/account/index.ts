/** The member's own account: email replacement, the removal check and confirmation. */
export { emailNeedsUpdate } from "./email-policy";
export { type AccountRouteCommands, registerAccountRoutes } from "./routes";
export type { SubscriptionGate } from "./subscription-gate";
