/** Ratings: a member's dislike, like or love of a character. */
export { registerRatingRoutes } from "./routes";
