/**
 * Billing: plans, checkout (calculate, new_order, 3-D Secure), the subscriber portal (sticky), billing
 * history, renewals and grace through the job queue, and the payment processors behind one interface.
 */
export { DEMO_COUPON, DEMO_OFFER, seedDemoBilling } from "./demo";
export { endExternalSubscription, upsertExternalSubscription } from "./external-subscriptions";
export { type FreeMonthGrant, GRANT_PROCESSOR, type GrantOutcome, grantFreeMonth } from "./grants";
export { BILLING_JOBS, registerBillingJobs } from "./jobs";
export type { PaymentProcessor } from "./processor";
export { EASTER_COUPON_PERCENT_OFF, ensurePromotionOffers } from "./promotion-offers";
export { providerPaymentMethods, registerProviderRoutes } from "./providers";
export { type BillingRuntime, registerBillingRoutes } from "./routes";
export { type BillingService, createBillingService, endSubscriptionsForRemoval } from "./service";
export { createStripeClient, createStripeProcessor } from "./stripe-processor";
export { registerStripeRoutes } from "./stripe-routes";
export { createTestProcessor } from "./test-processor";
