import type { App, AppContext } from "../../context";
import { listInferenceModels } from "./service";

export function registerInferenceModelRoutes(app: App, ctx: AppContext): void {
  app.get("/api/inference-models", { preValidation: ctx.guards.resolveAuth }, async (request) => ({
    data: await listInferenceModels(ctx.database.db, request.auth),
  }));
}
