import { inferenceModelListSchema } from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { VISITOR } from "../../kernel/route-access";
import { listInferenceModels } from "./service";

export function registerInferenceModelRoutes(app: App, ctx: AppContext): void {
  app.get(
    "/api/inference-models",
    { config: { access: VISITOR }, schema: { response: { 200: inferenceModelListSchema } } },
    async (request) => ({ data: await listInferenceModels(ctx.database.db, request.auth) }),
  );
}
