/**
 * Admin user management: find a member by email or username, see their characters and the reviews
 * about them, and set or lift their restriction (audited). Admins only.
 */
export { registerAdminUserRoutes } from "./routes";
