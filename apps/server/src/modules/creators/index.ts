/** Creators' public pages. */
export { registerCreatorRoutes } from "./routes";
