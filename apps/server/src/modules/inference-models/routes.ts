import type { App, AppContext } from "../../context";
import { VISITOR } from "../auth/route-access";
import { listInferenceModels } from "./service";

export function registerInferenceModelRoutes(app: App, ctx: AppContext): void {
  app.get("/api/inference-models", { config: { access: VISITOR } }, async (request) => ({
    data: await listInferenceModels(ctx.database.db, request.auth),
  }));
}
