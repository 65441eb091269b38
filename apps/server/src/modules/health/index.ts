/** `GET /api/health`. */
export { registerHealthRoutes } from "./routes";
export { checkHealth } from "./service";
