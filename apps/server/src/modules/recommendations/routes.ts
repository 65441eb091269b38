import { characterCollectionSchema, characterGetQuerySchema } from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { VISITOR } from "../../kernel/route-access";
import { viewerOf } from "../characters/index";
import { createRecommendationService } from "./service";

export function registerRecommendationRoutes(app: App, ctx: AppContext): void {
  const recommendations = createRecommendationService(ctx.database.db);
  app.get(
    "/api/characters/recommended",
    {
      config: { access: VISITOR },
      schema: { querystring: characterGetQuerySchema, response: { 200: characterCollectionSchema } },
    },
    async (request) => ({ data: await recommendations.recommend(viewerOf(request.auth, ctx.config)) }),
  );
}
