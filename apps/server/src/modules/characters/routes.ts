import {
  characterGetQuerySchema,
  characterIdParamsSchema,
  characterListQuerySchema,
} from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { getCharacter, listCharacters } from "./service";

export function registerCharacterRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get("/api/characters", { schema: { querystring: characterListQuerySchema } }, async (request) => ({
    data: await listCharacters(db, ctx.config, request.query.limit),
  }));

  app.get(
    "/api/characters/:id",
    {
      preValidation: ctx.guards.resolveAuth,
      schema: { params: characterIdParamsSchema, querystring: characterGetQuerySchema },
    },
    async (request) => getCharacter(db, ctx.config, request.auth, request.params.id),
  );
}
