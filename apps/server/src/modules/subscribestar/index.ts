/**
 * SubscribeStar linking: the OAuth 2 flow, the member's pledge read through SubscribeStar's GraphQL API and
 * mapped to a tier (a subscription managed on SubscribeStar), and the lapse job that ends it.
 */
export { createSubscribeStarClient, type SubscribeStarClient } from "./client";
export { registerSubscribeStarJobs, SUBSCRIBESTAR_JOBS } from "./jobs";
export { registerSubscribeStarRoutes } from "./routes";
export { createSubscribeStarService, type SubscribeStarService } from "./service";
