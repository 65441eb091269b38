import { eventBodySchema, eventResponseSchema, LIMITS } from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { perMinute } from "../../http/rate-limit";
import { VISITOR } from "../auth/route-access";
import { recordEvent } from "./service";

const eventRequestSchema = eventBodySchema.refine(
  (body) => Buffer.byteLength(JSON.stringify(body.payload)) <= LIMITS.eventPayloadMaxBytes,
  { message: `payload must be at most ${LIMITS.eventPayloadMaxBytes} bytes`, path: ["payload"] },
);

/** Analytics only: ratings and tag suggestions have their own routes (ratings/, characters/). */
export function registerEventRoutes(app: App, ctx: AppContext): void {
  app.post(
    "/api/event",
    {
      config: { access: VISITOR, rateLimit: perMinute(120) },
      schema: { body: eventRequestSchema, response: { 201: eventResponseSchema } },
    },
    async (request, reply) => {
      const id = await recordEvent(ctx.database.db, request.auth, request.body);
      return reply.status(201).send({ id });
    },
  );
}
