import { GENERATE_RATE_LIMIT, generateRequestSchema } from "@hearth/contracts";
import type { App, AppContext } from "../../../context";
import { perSession } from "../../../http/rate-limit";
import { access, SESSION } from "../../../kernel/route-access";
import { resolveSecrets } from "../../../secrets";
import { isPartnerHost } from "../../app-config/index";
import type { ChatRuntime } from "./chat-runtime";
import { inferenceModelCache } from "./repository";
import { type GenerationDeps, prepareGeneration, runGeneration } from "./service";
import { openSse } from "./sse";

export function registerGenerationRoutes(app: App, ctx: AppContext, runtime: ChatRuntime): void {
  const deps: GenerationDeps = {
    db: ctx.database.db,
    config: ctx.config,
    llm: ctx.llm,
    lock: runtime.lock,
    guests: runtime.guests,
    userTurns: runtime.userTurns,
    waitingRoom: runtime.waitingRoom,
    inferenceModels: inferenceModelCache(ctx.database.db),
    encryptionKey: resolveSecrets(ctx.config).encryptionKey,
    log: app.log,
  };

  app.post(
    "/api/generate",
    {
      config: {
        access: access(SESSION, { permission: "view_chat" }),
        // Per member or guest, counted after authentication, not per address.
        rateLimit: perSession(
          { max: ctx.config.generateRateLimitMax, timeWindowMs: GENERATE_RATE_LIMIT.timeWindowMs },
          "generate",
        ),
      },
      // A hijacked event stream, never serialized: see RESPONSE_SCHEMA_EXEMPTIONS (errors before it opens
      // are JSON, checked by the error schema every API route gets).
      schema: { body: generateRequestSchema },
    },
    async (request, reply) => {
      const partnerHost = isPartnerHost(ctx.config, request.headers.host);
      const job = await prepareGeneration(deps, { auth: request.auth, partnerHost }, request.body);
      const sse = openSse(reply);
      const controller = new AbortController();
      // The response closes when it ends or when the client goes away; only the latter aborts the model.
      reply.raw.on("close", () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      await runGeneration(deps, job, sse, controller.signal);
    },
  );
}
