import {
  GENERATE_RATE_LIMIT,
  generateRequestSchema,
  IMAGE_LIMITS,
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
import { readyLoraFor } from "../../training/index";
import { guestImageAllowance, type ImageDeps, prepareImage, runImage } from "../images/index";
import type { ChatRuntime } from "./chat-runtime";
import { createGenerationFactsCache } from "./facts-cache";
import { presentReplyStop } from "./presenter";
import { inferenceModelCache } from "./repository";
import {
  followReply,
  type GenerationDeps,
  prepareGeneration,
  runGeneration,
  stopReply,
  stopUnlessResumed,
} from "./service";
import { openSse, SSE_HEARTBEAT_MS } from "./sse";

/** `Last-Event-ID` (what EventSource sends when it reconnects): the last event received; 0: from the start. */
function lastEventId(header: string | string[] | undefined): number {
  const value = Number(typeof header === "string" ? header : 0);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

export function registerGenerationRoutes(app: App, ctx: AppContext, runtime: ChatRuntime): void {
  const deps: GenerationDeps = {
    db: ctx.database.db,
    config: ctx.config,
    llm: ctx.llm,
    lock: runtime.lock,
    guests: runtime.guests,
    writer: runtime.writer,
    waitingRoom: runtime.waitingRoom,
    inferenceModels: inferenceModelCache(ctx.database.db),
    facts: createGenerationFactsCache(ctx.database.db, ctx.changes),
    encryptionKey: resolveSecrets(ctx.config).encryptionKey,
    log: app.log,
  };
  // type "image" (modules/images): the same call, stream and reply streams; its own engine and gate.
  const imageDeps: ImageDeps = {
    db: ctx.database.db,
    config: ctx.config,
    engine: ctx.imageEngine,
    objectStore: ctx.objectStore,
    classifier: ctx.nsfwClassifier,
    contentCheck: ctx.contentCheck,
    lock: runtime.lock,
    guests: runtime.guests,
    guestImages: guestImageAllowance(ctx.redis),
    writer: runtime.writer,
    loraOf: async (characterId) => {
      const lora = await readyLoraFor(ctx.database.db, characterId);
      return lora && { name: lora.name, weight: IMAGE_LIMITS.loraWeight };
    },
    log: app.log,
  };

  app.post(
    "/api/generate",
    {
      config: {
        access: access(SESSION, { permission: "view_chat" }),
        // A server-sent event stream, written on the raw socket: nothing for the compression hooks to do.
        compress: false,
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
      const { mode } = request.body;
      if (mode.kind === "image") {
        const image = await prepareImage(imageDeps, request.auth, request.body, mode);
        const writer = runtime.replies.open(image.streamId, sessionKeyOf(request.auth) ?? "");
        const sse = openSse(reply, SSE_HEARTBEAT_MS, writer);
        const stop = new AbortController();
        writer.onStop(() => stop.abort());
        let grace: NodeJS.Timeout | undefined;
        reply.raw.on("close", () => {
          if (!reply.raw.writableFinished) grace = stopUnlessResumed(runtime.replies, image.streamId);
        });
        await runImage(imageDeps, image, sse, stop.signal);
        clearTimeout(grace);
        return;
      }
      const job = await prepareGeneration(deps, { auth: request.auth, partnerHost }, request.body);
      // Only the generating session may resume or stop it (policy use_reply_stream); prepare refused anonymous callers.
      const writer = runtime.replies.open(job.streamId, sessionKeyOf(request.auth) ?? "");
      const sse = openSse(reply, SSE_HEARTBEAT_MS, writer);
      const stop = new AbortController();
      writer.onStop(() => stop.abort());
      let grace: NodeJS.Timeout | undefined;
      reply.raw.on("close", () => {
        if (!reply.raw.writableFinished) grace = stopUnlessResumed(runtime.replies, job.streamId);
      });
      await runGeneration(deps, job, sse, stop);
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
      const after = lastEventId(request.headers["last-event-id"]);
      let sse: ReturnType<typeof openSse> | null = null;
      const opened = () => {
        sse ??= openSse(reply);
        return sse;
      };
      let ended!: () => void;
      let streamEnded = false;
      const finished = new Promise<void>((resolve) => {
        ended = resolve;
      });
      const unfollow = await followReply(runtime.replies, request.auth, request.params.stream_id, after, {
        onFrame: (seq, frame) => opened().sendFrame(seq, frame),
        onEnd: () => {
          streamEnded = true;
          ended();
        },
      });
      if (!unfollow) throw notFound();
      const stream = opened();
      reply.raw.on("close", () => {
        // This connection too may be lost before the reply ended: the same grace as the first one.
        if (!streamEnded) stopUnlessResumed(runtime.replies, request.params.stream_id);
        ended();
      });
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
      await stopReply(runtime.replies, request.auth, request.params.stream_id);
      return presentReplyStop();
    },
  );
}
