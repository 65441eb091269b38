import type { App, AppContext } from "../../context";
import { unauthenticated } from "../../http/errors";
import { presentGuestMe, presentMe } from "./presenter";

export function registerUserRoutes(app: App, ctx: AppContext): void {
  app.get("/api/me", { preValidation: ctx.guards.requireAuth }, async (request) => {
    const { auth } = request;
    if (auth.kind === "anonymous") throw unauthenticated();
    return auth.kind === "member" ? presentMe(auth.user) : presentGuestMe(auth);
  });
}
