import { eventBodySchema, eventResponseSchema } from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { perMinute } from "../../http/rate-limit";
import { VISITOR } from "../../kernel/route-access";
import { presentEventRecorded } from "./presenter";
import { recordEvent } from "./service";

/** Analytics only: ratings and tag suggestions have their own routes (ratings/, characters/). */
export function registerEventRoutes(app: App, ctx: AppContext): void {
  app.post(
    "/api/event",
    {
      config: { access: VISITOR, rateLimit: perMinute(120) },
      schema: { body: eventBodySchema, response: { 201: eventResponseSchema } },
    },
    async (request, reply) => {
      const id = await recordEvent(ctx.database.db, request.auth, request.body);
      return reply.status(201).send(presentEventRecorded(id));
    },
  );
}
