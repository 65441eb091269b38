/** Authentication: tokens, sessions, sign-in, the route guards and passwords. */
export { clearRefreshCookie, setRefreshCookie } from "./cookies";
export { type AuthGuards, createAuthGuards } from "./guards";
export { LoginThrottledError } from "./login-throttle";
export { hashPassword } from "./passwords";
export { presentSession } from "./presenter";
export { hasPassword, reauthenticate } from "./reauthenticate";
export { type AuthRouteCommands, registerAuthRoutes } from "./routes";
export { type AuthService, createAuthService, type Session } from "./service";
export { createTokenService, type TokenService } from "./tokens";
