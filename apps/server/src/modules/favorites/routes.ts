import { characterIdParamsSchema } from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { perMinute } from "../../http/rate-limit";
import { memberViewerOf } from "../characters/viewer";
import { favorite, listFavorites, unfavorite } from "./service";

export function registerFavoriteRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;
  const { guards, config } = ctx;
  const options = {
    config: { rateLimit: perMinute(60) },
    preValidation: guards.requireMember,
    schema: { params: characterIdParamsSchema },
  };

  app.put("/api/characters/:id/favorite", options, async (request) =>
    favorite(db, memberViewerOf(request.auth, config), request.params.id),
  );
  app.delete("/api/characters/:id/favorite", options, async (request) =>
    unfavorite(db, memberViewerOf(request.auth, config), request.params.id),
  );
  app.get("/api/users/favorites", { preValidation: guards.requireMember }, async (request) => ({
    data: await listFavorites(db, memberViewerOf(request.auth, config)),
  }));
}
