import {
  conversationIdParamsSchema,
  conversationVoiceSchema,
  setConversationVoiceSchema,
  speechAudioQuerySchema,
  speechRequestSchema,
  speechTicketSchema,
  transcriptionResponseSchema,
  VOICE_LIMITS,
  voiceConfigSchema,
  voiceListQuerySchema,
  voiceListResponseSchema,
  voiceRatingResponseSchema,
  voiceRatingSchema,
} from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { perMinute, perSession } from "../../http/rate-limit";
import { requireMember } from "../../kernel/auth-context";
import { access, MEMBER, PUBLIC, SESSION, VISITOR } from "../../kernel/route-access";
import { resolveSecrets } from "../../secrets";
import { readUploadedFile } from "../uploads/index";
import { createSpeechEngine, createTranscriptionEngine } from "./engines";
import { createVoiceService, type VoiceService } from "./service";
import { createTicketSigner } from "./ticket";

/** Voice routes need the text-to-speech permission (the service also checks the premium role). */
const VOICE = access(MEMBER, { permission: "text-to-speech" });
const TRANSCRIPTION_RATE_LIMIT = { max: 20, timeWindowMs: 60_000 };

export function registerVoiceRoutes(app: App, ctx: AppContext, given?: VoiceService): VoiceService {
  const voice =
    given ??
    createVoiceService({
      db: ctx.database.db,
      speech: createSpeechEngine(ctx.config),
      transcription: createTranscriptionEngine(ctx.config),
      tickets: createTicketSigner(resolveSecrets(ctx.config).jwtSecret),
      now: () => ctx.clock.now().getTime(),
      log: app.log,
    });

  app.get(
    "/api/voice/config",
    { config: { access: VISITOR }, schema: { response: { 200: voiceConfigSchema } } },
    async () => voice.config(),
  );

  app.get(
    "/api/voice/voices",
    {
      config: { access: VOICE },
      schema: { querystring: voiceListQuerySchema, response: { 200: voiceListResponseSchema } },
    },
    async (request) => voice.listVoices(requireMember(request.auth), request.query.gender),
  );

  app.get(
    "/api/conversations/:id/voice",
    {
      config: { access: access(VOICE, { owner: true }) },
      schema: { params: conversationIdParamsSchema, response: { 200: conversationVoiceSchema } },
    },
    async (request) => voice.conversationVoice(requireMember(request.auth), request.params.id),
  );

  app.put(
    "/api/conversations/:id/voice",
    {
      config: { access: access(VOICE, { owner: true }), rateLimit: perMinute(60) },
      schema: {
        params: conversationIdParamsSchema,
        body: setConversationVoiceSchema,
        response: { 200: conversationVoiceSchema },
      },
    },
    async (request) =>
      voice.setConversationVoice(requireMember(request.auth), request.params.id, request.body),
  );

  app.post(
    "/api/voice/speech",
    {
      config: { access: access(VOICE, { owner: true }), rateLimit: perMinute(60) },
      schema: { body: speechRequestSchema, response: { 200: speechTicketSchema } },
    },
    async (request) => voice.speechTicket(requireMember(request.auth), request.body.message_id),
  );

  // An <audio> element's src: the signed ticket is the authorization (it sends no bearer token).
  app.get(
    "/api/voice/audio",
    {
      config: { access: PUBLIC, rateLimit: perMinute(60) },
      schema: { querystring: speechAudioQuerySchema },
    },
    async (request, reply) => {
      const stop = new AbortController();
      reply.raw.once("close", () => stop.abort());
      const audio = await voice.openAudio(request.query.token, stop.signal);
      audio.body.once("error", (error) =>
        request.log.warn({ reason: error.message }, "speech stream failed"),
      );
      return reply
        .header("content-type", audio.contentType)
        .header("cache-control", "private, no-store")
        .header("x-accel-buffering", "no")
        .send(audio.body);
    },
  );

  app.post(
    "/api/voice/ratings",
    {
      config: { access: access(VOICE, { owner: true }), rateLimit: perMinute(60) },
      schema: { body: voiceRatingSchema, response: { 200: voiceRatingResponseSchema } },
    },
    async (request) => voice.rate(requireMember(request.auth), request.body),
  );

  app.post(
    "/api/voice/transcriptions",
    {
      config: { access: SESSION, rateLimit: perSession(TRANSCRIPTION_RATE_LIMIT, "transcription") },
      schema: { response: { 200: transcriptionResponseSchema } },
    },
    async (request, reply) => {
      const file = await readUploadedFile(request, VOICE_LIMITS.recordingMaxBytes);
      const stop = new AbortController();
      reply.raw.once("close", () => stop.abort());
      const text = await voice.transcribe(
        { bytes: file.bytes, filename: file.filename || "recording.webm", contentType: file.mimetype },
        stop.signal,
      );
      return { text };
    },
  );
  return voice;
}
