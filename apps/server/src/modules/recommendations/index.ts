/** Recommended characters, ranked per viewer segment. */
export { registerRecommendationRoutes } from "./routes";
