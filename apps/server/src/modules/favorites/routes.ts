import {
  characterCollectionSchema,
  characterIdParamsSchema,
  favoriteResponseSchema,
} from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { perMinute } from "../../http/rate-limit";
import { requireMember } from "../../kernel/auth-context";
import { access, MEMBER } from "../../kernel/route-access";
import { memberViewer } from "../characters/index";
import { favorite, listFavorites, unfavorite } from "./service";

const FAVORITES = access(MEMBER, { permission: "view_chat" });

export function registerFavoriteRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;
  const { config } = ctx;
  const options = {
    config: { access: FAVORITES, rateLimit: perMinute(60) },
    schema: { params: characterIdParamsSchema, response: { 200: favoriteResponseSchema } },
  };

  app.put("/api/characters/:id/favorite", options, async (request) =>
    favorite(db, memberViewer(requireMember(request.auth), config), request.params.id),
  );
  app.delete("/api/characters/:id/favorite", options, async (request) =>
    unfavorite(db, memberViewer(requireMember(request.auth), config), request.params.id),
  );
  app.get(
    "/api/users/favorites",
    { config: { access: FAVORITES }, schema: { response: { 200: characterCollectionSchema } } },
    async (request) => ({ data: await listFavorites(db, memberViewer(requireMember(request.auth), config)) }),
  );
}
