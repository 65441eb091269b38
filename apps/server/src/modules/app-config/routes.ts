import {
  type AppConfig,
  appConfigSchema,
  featureFlagParamsSchema,
  featureFlagSchema,
  featureFlagUpdateBodySchema,
} from "@hearth/contracts";
import type { FastifyRequest } from "fastify";
import type { App, AppContext } from "../../context";
import { requireMember } from "../../kernel/auth-context";
import { ADMIN, PUBLIC } from "../../kernel/route-access";
import { presentAppConfig, presentFeatureFlag } from "./presenter";
import { readStoredConfig, setFeatureFlag } from "./service";

/** The public app config for the host a request came to (partner hosts get theirs). */
export function appConfigFor(ctx: AppContext): (request: FastifyRequest) => Promise<AppConfig> {
  return async (request) =>
    presentAppConfig(ctx.config, request.headers.host, await readStoredConfig(ctx.database.db));
}

export function registerAppConfigRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get(
    "/api/config",
    { config: { access: PUBLIC }, schema: { response: { 200: appConfigSchema } } },
    appConfigFor(ctx),
  );

  app.put(
    "/api/admin/flags/:name",
    {
      config: { access: ADMIN },
      schema: {
        params: featureFlagParamsSchema,
        body: featureFlagUpdateBodySchema,
        response: { 200: featureFlagSchema },
      },
    },
    async (request) =>
      presentFeatureFlag(
        await setFeatureFlag(db, requireMember(request.auth).id, request.params.name, request.body.enabled),
      ),
  );
}
