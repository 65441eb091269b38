import { type AppConfig, featureFlagParamsSchema, featureFlagUpdateBodySchema } from "@hearth/contracts";
import type { FastifyRequest } from "fastify";
import type { App, AppContext } from "../../context";
import { canManageFeatureFlags } from "./policy";
import { presentAppConfig, presentFeatureFlag } from "./presenter";
import { readStoredConfig, setFeatureFlag } from "./service";

/** The public app config for the host a request came to (partner hosts get theirs). */
export function appConfigFor(ctx: AppContext): (request: FastifyRequest) => Promise<AppConfig> {
  return async (request) =>
    presentAppConfig(ctx.config, request.headers.host, await readStoredConfig(ctx.database.db));
}

export function registerAppConfigRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get("/api/config", appConfigFor(ctx));

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
