/** Blocked creators: whose characters a member no longer sees. */
export { can } from "./policy";
export { registerBlockRoutes } from "./routes";
export { isCreatorBlocked } from "./service";
