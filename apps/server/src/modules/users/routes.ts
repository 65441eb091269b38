import type { App, AppContext } from "../../context";
import { unauthenticated } from "../../http/errors";
import { meOf } from "./service";

export function registerUserRoutes(app: App, ctx: AppContext): void {
  app.get("/api/me", { preValidation: ctx.guards.requireAuth }, async (request) => {
    const { auth } = request;
    if (auth.kind === "anonymous") throw unauthenticated();
    return meOf(ctx.database.db, ctx.config, auth);
  });
}
