/** House ads: chosen for long chats by their keywords (selection.ts), managed by admins. */
export { registerAdRoutes } from "./routes";
export { type SeedAd, seedHouseAds } from "./seed";
