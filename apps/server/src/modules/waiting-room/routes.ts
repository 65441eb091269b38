import { QUEUE_RATE_LIMIT, queueAnswerSchema, queueQuerySchema } from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { perSession } from "../../http/rate-limit";
import { VISITOR } from "../../kernel/route-access";
import { isPartnerHost } from "../app-config/index";
import { presentQueue } from "./presenter";
import type { WaitingRoom } from "./service";

/** `GET /api/queue` (account spec 7: no auth needed): the caller's place in the waiting room. */
export function registerWaitingRoomRoutes(app: App, ctx: AppContext, waitingRoom: WaitingRoom): void {
  app.get(
    "/api/queue",
    {
      // A short answer (well under the 1 KB compression threshold) polled by everyone waiting.
      config: { access: VISITOR, rateLimit: perSession(QUEUE_RATE_LIMIT, "queue"), compress: false },
      schema: { querystring: queueQuerySchema, response: { 200: queueAnswerSchema } },
    },
    async (request) => {
      const actor = { auth: request.auth, partnerHost: isPartnerHost(ctx.config, request.headers.host) };
      const target = {
        characterId: request.query.character_id ?? null,
        sharedLink: request.query.shared_link,
      };
      return presentQueue(await waitingRoom.state(actor, target));
    },
  );
}
