import type { App, AppContext } from "../../context";
import { listInferenceModels } from "./service";
import { VISITOR } from "../auth/route-access";

export function registerInferenceModelRoutes(app: App, ctx: AppContext): void {
  app.get("/api/inference-models", { config: { access: VISITOR } }, async (request) => ({
    data: await listInferenceModels(ctx.database.db, request.auth),
  }));
}
