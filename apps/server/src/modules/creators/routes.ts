import { creatorParamsSchema } from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { viewerOf } from "../characters/viewer";
import { getCreatorPage } from "./service";

export function registerCreatorRoutes(app: App, ctx: AppContext): void {
  app.get(
    "/api/creators/:username",
    { preValidation: ctx.guards.resolveAuth, schema: { params: creatorParamsSchema } },
    async (request) =>
      getCreatorPage(ctx.database.db, viewerOf(request.auth, ctx.config), request.params.username),
  );
}
