import fastifyCookie from "@fastify/cookie";
import Fastify, { LogController } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { ServerConfig } from "./config";
import type { App, AppContext } from "./context";
import { type DatabaseHandle, openDatabase } from "./db/client";
import { handleError } from "./http/errors";
import { registerRateLimit } from "./http/rate-limit";
import { registerSecurityHeaders } from "./http/security-headers";
import { registerStaticFiles } from "./http/static";
import { registerAppConfigRoutes } from "./modules/app-config/routes";
import { ANONYMOUS } from "./modules/auth/context";
import { createAuthGuards } from "./modules/auth/guards";
import { registerAuthRoutes } from "./modules/auth/routes";
import { createTokenService } from "./modules/auth/tokens";
import { registerCharacterRoutes } from "./modules/characters/routes";
import { registerEventRoutes } from "./modules/events/routes";
import { registerHealthRoutes } from "./modules/health/routes";
import { createLlmStatus, type LlmStatus } from "./modules/llm/status";
import { registerUserRoutes } from "./modules/users/routes";
import { resolveSecrets } from "./secrets";

export type AppDeps = {
  /** An open database; when omitted the app opens one and closes it with itself. */
  database?: DatabaseHandle;
  llm?: LlmStatus;
};

export async function buildApp(config: ServerConfig, deps: AppDeps = {}): Promise<App> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // Per-request lines only when debugging; failures are logged by the error handler.
    logController: new LogController({
      disableRequestLogging: !["debug", "trace"].includes(config.logLevel),
    }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);

  const database = deps.database ?? (await openDatabase(config));
  if (!deps.database) app.addHook("onClose", () => database.close());
  const tokens = createTokenService(resolveSecrets(config).jwtSecret);
  const ctx: AppContext = {
    config,
    database,
    tokens,
    guards: createAuthGuards(database.db, tokens),
    llm: deps.llm ?? createLlmStatus(config),
  };

  app.decorateRequest("auth");
  app.addHook("onRequest", async (request) => {
    request.auth = ANONYMOUS;
  });
  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  await registerRateLimit(app, config);

  registerHealthRoutes(app, ctx);
  registerAppConfigRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerEventRoutes(app, ctx);
  registerCharacterRoutes(app, ctx);
  await registerStaticFiles(app, config.webDist);
  return app;
}
