/** Analytics events: the event route, and the log other modules write to in their own transactions. */
export { unlinkUserEvents } from "./repository";
export { registerEventRoutes } from "./routes";
export { logEvent } from "./service";
