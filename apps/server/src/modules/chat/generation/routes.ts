import {
  GENERATE_RATE_LIMIT,
  generateRequestSchema,
  REPLY_STREAM,
  replyStreamParamsSchema,
  replyStreamStopSchema,
} from "@hearth/contracts";
import type { App, AppContext } from "../../../context";
import { notFound } from "../../../http/errors";
import { perMinute, perSession } from "../../../http/rate-limit";
import { sessionKeyOf } from "../../../kernel/auth-context";
import { access, SESSION } from "../../../kernel/route-access";
import { resolveSecrets } from "../../../secrets";
import { isPartnerHost } from "../../app-config/index";
import type { ChatRuntime } from "./chat-runtime";
import { inferenceModelCache } from "./repository";
import { type GenerationDeps, prepareGeneration, runGeneration } from "./service";
import { openSse, SSE_HEARTBEAT_MS } from "./sse";

/** The stream's owner: the session that generates it (only it may resume or stop it). */
const ownerOf = (auth: Parameters<typeof sessionKeyOf>[0]): string => sessionKeyOf(auth) ?? "anonymous";

/** `Last-Event-ID` (what EventSource sends when it reconnects), else `?last_event_id=`; 0: from the start. */
function lastEventId(header: string | string[] | undefined, query: unknown): number {
  const raw =
    typeof header === "string" ? header : (query as { last_event_id?: string } | null)?.last_event_id;
  const value = Number(raw ?? 0);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

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
      const writer = runtime.replies.open(job.streamId, ownerOf(request.auth));
      const sse = openSse(reply, SSE_HEARTBEAT_MS, writer);
      const stop = new AbortController();
      writer.onStop(() => stop.abort());
      // A lost connection may be resumed (REPLY_STREAM); without a resume the model stops after the grace.
      let grace: NodeJS.Timeout | undefined;
      reply.raw.on("close", () => {
        if (reply.raw.writableFinished) return;
        grace = setTimeout(() => {
          writer
            .followed()
            .catch(() => false)
            .then((followed) => followed || stop.abort());
        }, REPLY_STREAM.resumeGraceMs);
        grace.unref();
      });
      await runGeneration(deps, job, sse, stop.signal);
      clearTimeout(grace);
    },
  );

  const streamOptions = {
    config: { access: access(SESSION, { permission: "view_chat", owner: true }), rateLimit: perMinute(120) },
  };

  app.get(
    "/api/generate/:stream_id",
    // The rest of a reply's event stream (hijacked, never serialized: RESPONSE_SCHEMA_EXEMPTIONS).
    { ...streamOptions, schema: { params: replyStreamParamsSchema } },
    async (request, reply) => {
      const after = lastEventId(request.headers["last-event-id"], request.query);
      let sse: ReturnType<typeof openSse> | null = null;
      const opened = () => {
        sse ??= openSse(reply);
        return sse;
      };
      let ended!: () => void;
      const finished = new Promise<void>((resolve) => {
        ended = resolve;
      });
      const unfollow = await runtime.replies.follow(request.params.stream_id, ownerOf(request.auth), after, {
        onFrame: (seq, frame) => opened().sendFrame(seq, frame),
        onEnd: () => ended(),
      });
      if (!unfollow) throw notFound();
      const stream = opened();
      reply.raw.on("close", () => ended());
      await finished;
      unfollow();
      stream.end();
    },
  );

  app.delete(
    "/api/generate/:stream_id",
    {
      ...streamOptions,
      schema: { params: replyStreamParamsSchema, response: { 200: replyStreamStopSchema } },
    },
    async (request) => {
      if (!(await runtime.replies.stop(request.params.stream_id, ownerOf(request.auth)))) throw notFound();
      return { stopped: true };
    },
  );
}
