import { characterIdParamsSchema, tagSuggestionBodySchema, tagSuggestionSchema } from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { perMinute } from "../../http/rate-limit";
import { requireMember } from "../../kernel/auth-context";
import { access, MEMBER } from "../../kernel/route-access";
import { suggestTags } from "./tag-suggestions";
import { memberViewer } from "./viewer";

/** Members suggest tags for chatbots they may see; another member's private one is not found. */
const SUGGEST = access(MEMBER, { permission: "view_chat", owner: true });

/** Tag suggestions from members (the creator's dismissal is in routes.ts). */
export function registerTagSuggestionRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;
  const { config } = ctx;

  app.post(
    "/api/characters/:id/tag-suggestions",
    {
      config: { access: SUGGEST, rateLimit: perMinute(30) },
      schema: {
        params: characterIdParamsSchema,
        body: tagSuggestionBodySchema,
        response: { 201: tagSuggestionSchema },
      },
    },
    async (request, reply) => {
      const suggestion = await suggestTags(
        db,
        memberViewer(requireMember(request.auth), config),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(suggestion);
    },
  );
}
