/** The member's own account: email replacement, the removal check and confirmation. */
export { emailNeedsUpdate, unusableEmailReason } from "./email-policy";
export { type AccountRouteCommands, registerAccountRoutes } from "./routes";
export { defaultSubscriptionGate, type SubscriptionGate } from "./subscription-gate";
