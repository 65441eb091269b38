/** The member's profile form and username availability. */
export { type ProfileRouteCommands, registerProfileRoutes } from "./routes";
