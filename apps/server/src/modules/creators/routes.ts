import { creatorPageSchema, creatorParamsSchema } from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { VISITOR } from "../../kernel/route-access";
import { viewerOf } from "../characters/index";
import { getCreatorPage } from "./service";

export function registerCreatorRoutes(app: App, ctx: AppContext): void {
  app.get(
    "/api/creators/:username",
    {
      config: { access: VISITOR },
      schema: { params: creatorParamsSchema, response: { 200: creatorPageSchema } },
    },
    async (request) =>
      getCreatorPage(ctx.database.db, viewerOf(request.auth, ctx.config), request.params.username),
  );
}
