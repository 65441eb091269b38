/** `GET /api/health`. */
export { registerHealthRoutes } from "./routes";
