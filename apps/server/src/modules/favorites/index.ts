/** Favorites: the characters a member likes. */
export { registerFavoriteRoutes } from "./routes";
