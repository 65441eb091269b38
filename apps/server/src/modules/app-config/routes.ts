import { featureFlagParamsSchema, featureFlagUpdateBodySchema } from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { canManageFeatureFlags } from "./policy";
import { presentAppConfig, presentFeatureFlag } from "./presenter";
import { readStoredConfig, setFeatureFlag } from "./service";

export function registerAppConfigRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get("/api/config", async (request) =>
    presentAppConfig(ctx.config, request.headers.host, await readStoredConfig(db)),
  );

  app.put(
    "/api/admin/flags/:name",
    {
      preValidation: ctx.guards.requirePolicy(canManageFeatureFlags),
      schema: { params: featureFlagParamsSchema, body: featureFlagUpdateBodySchema },
    },
    async (request) =>
      presentFeatureFlag(await setFeatureFlag(db, request.params.name, request.body.enabled)),
  );
}
