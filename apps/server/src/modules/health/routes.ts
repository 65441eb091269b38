import type { App, AppContext } from "../../context";
import { checkHealth } from "./service";

export function registerHealthRoutes(app: App, ctx: AppContext): void {
  app.get("/api/health", async (_request, reply) => {
    const health = await checkHealth(ctx.database, ctx.llm);
    return reply.status(health.database.ok ? 200 : 503).send(health);
  });
}
