import { leaderboardQuerySchema, leaderboardResponseSchema } from "@hearth/contracts";
import type { App } from "../../context";
import { perMinute } from "../../http/rate-limit";
import { PUBLIC } from "../../kernel/route-access";
import type { LeaderboardService } from "./service";

/** `GET /api/creators/leaderboard` (public; spec 6 and 7). */
export function registerLeaderboardRoutes(app: App, service: LeaderboardService): void {
  app.get(
    "/api/creators/leaderboard",
    {
      config: { access: PUBLIC, rateLimit: perMinute(240) },
      schema: { querystring: leaderboardQuerySchema, response: { 200: leaderboardResponseSchema } },
    },
    async (request) => service.read(request.query),
  );
}
