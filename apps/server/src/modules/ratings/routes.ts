import {
  characterIdParamsSchema,
  characterRatingBodySchema,
  characterRatingResponseSchema,
} from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { perMinute } from "../../http/rate-limit";
import { requireMember } from "../../kernel/auth-context";
import { access, MEMBER } from "../../kernel/route-access";
import { memberViewer } from "../characters/index";
import { rateCharacter } from "./service";

/** Members rate chatbots they may see; another member's private one is not found (hence `owner`). */
const RATE = access(MEMBER, { permission: "view_chat", owner: true });

export function registerRatingRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;
  const { config } = ctx;

  app.put(
    "/api/characters/:id/rating",
    {
      config: { access: RATE, rateLimit: perMinute(30) },
      schema: {
        params: characterIdParamsSchema,
        body: characterRatingBodySchema,
        response: { 200: characterRatingResponseSchema },
      },
    },
    async (request) =>
      rateCharacter(db, memberViewer(requireMember(request.auth), config), request.params.id, request.body),
  );
}
