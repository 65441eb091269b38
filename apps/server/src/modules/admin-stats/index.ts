/** The admin console's numbers: `GET /api/admin/stats` (admins only), daily over the last 30 UTC days. */
export { registerAdminStatsRoutes } from "./routes";
export { getAdminStats } from "./service";
