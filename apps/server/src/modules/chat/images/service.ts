import { randomUUID } from "node:crypto";
import {
  type GenerateEvent,
  IMAGE_GATE_CODES,
  IMAGE_LIMITS,
  IMAGE_TEXTS,
  type ImageProgressEvent,
  type ParsedGenerateRequest,
} from "@hearth/contracts";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { ServerConfig } from "../../../config";
import type { Database } from "../../../db/client";
import { characters, type MessageRow } from "../../../db/schema";
import { AppError, errorBody, notFound } from "../../../http/errors";
import { permissionsOf } from "../../../kernel/access-policy";
import { type AuthContext, optionalMember } from "../../../kernel/auth-context";
import { can as characterCan, viewerOf } from "../../characters/index";
import type { ContentChecker } from "../../content-check/index";
import { ImageEngineError } from "../../images/index";
import type { ImageEngine, ImageProgress, NsfwClassifier, ObjectStore } from "../../media/index";
import { MEDIA_URL_PREFIX, mediaUrl, newMediaKey } from "../../media/index";
import { type ChatStore, databaseChatStore, type GuestStore } from "../generation/chat-store";
import type { ChatWriter } from "../generation/chat-writer";
import type { ConversationLock } from "../generation/conversation-lock";
import { can as generationCan } from "../generation/policy";
import { findGenerationFacts } from "../generation/repository";
import type { SseStream } from "../generation/sse";
import { presentMessage } from "../messages/presenter";
import type { GuestImageAllowance } from "./guest-allowance";
import { imageGate } from "./policy";
import { buildImagePrompt, NEGATIVE_PROMPT } from "./prompt";

export type ImageDeps = {
  db: Database;
  config: ServerConfig;
  engine: ImageEngine | null;
  objectStore: ObjectStore;
  classifier: NsfwClassifier;
  contentCheck: ContentChecker;
  lock: ConversationLock;
  guests: GuestStore;
  guestImages: GuestImageAllowance;
  writer: ChatWriter;
  /** The LoRA a ready character's images use (the trainer's output); null: none is known. */
  loraOf: (characterId: string) => Promise<{ name: string; weight: number } | null>;
  log: FastifyBaseLogger;
};

/** Everything checked before the stream opens; `release` frees the conversation. */
export type PreparedImage = {
  streamId: string;
  store: ChatStore;
  conversationId: string;
  characterId: string;
  /** The image message whose image is made again; null: a new image message. */
  target: MessageRow | null;
  prompt: string;
  lora: { name: string; weight: number } | null;
  release: () => void;
};

const GATE_ERRORS = {
  training: () => new AppError(403, IMAGE_GATE_CODES.training),
  premium: () => new AppError(403, IMAGE_GATE_CODES.premium),
  supporter: () => new AppError(403, IMAGE_GATE_CODES.supporter),
} as const;

const badRequest = (message: string, field: string) =>
  new AppError(400, "validation_error", message, { [field]: message });

type ImageMode = { prompt: string | null; messageId?: string };

/**
 * Checks the image engine, access, the image gate (chat spec 6), the guest allowance and the prompt
 * (content check: an underage context is refused with imagePromptUnderage); throws AppError (answered as
 * JSON) before anything is streamed.
 */
export async function prepareImage(
  deps: ImageDeps,
  auth: AuthContext,
  body: ParsedGenerateRequest,
  mode: ImageMode,
): Promise<PreparedImage> {
  if (auth.kind === "anonymous") throw new AppError(401, "unauthenticated");
  if (!deps.engine) throw new AppError(503, "images_unavailable");
  const conversationId = body.conversation_id;
  if (!conversationId) throw badRequest("This needs an existing conversation", "conversation_id");
  const release = (await deps.lock.acquire(conversationId)) ?? throwConflict();
  try {
    const member = optionalMember(auth);
    const store =
      auth.kind === "member"
        ? databaseChatStore(deps.db, deps.writer, auth.user.id)
        : deps.guests.chatStore(auth.guestId);
    const [facts, extra, conversation, history] = await Promise.all([
      findGenerationFacts(
        deps.db,
        body.character_id,
        member && { userId: member.id, requestedPersonaId: null, conversationId },
      ),
      deps.db
        .select({ title: characters.title, loraStatus: characters.loraStatus })
        .from(characters)
        .where(and(eq(characters.id, body.character_id))),
      store.find(conversationId),
      store.messages(conversationId),
    ]);
    if (!facts || !characterCan(viewerOf(auth, deps.config), "view", facts)) {
      throw new AppError(403, "invalidAccess");
    }
    if (!generationCan(auth, "chat_with", facts)) throw new AppError(403, "blockedBotCreator");
    if (!conversation) throw notFound();
    if (conversation.characterId !== facts.id) {
      throw badRequest("This conversation belongs to another character.", "conversation_id");
    }
    const loraReady = extra[0]?.loraStatus === "ready";
    const gate = imageGate({ permissions: permissionsOf(auth) }, { loraReady });
    if (gate !== "generate") throw GATE_ERRORS[gate]();

    let target: MessageRow | null = null;
    if (mode.messageId) {
      target = history.find((message) => message.id === mode.messageId) ?? null;
      if (target?.role !== "bot" || target.imagePrompt === null) {
        throw badRequest("Choose an image of this conversation.", "target_message_id");
      }
    }
    const persona = member ? (member.name ?? member.username ?? "User") : "User";
    const prompt =
      mode.prompt ??
      target?.imagePrompt ??
      buildImagePrompt({
        character: {
          name: facts.name,
          title: extra[0]?.title ?? "",
          persona: facts.persona,
          scenario: facts.scenario,
        },
        userName: persona,
        messages: history.map((message) => ({ role: message.role, content: message.content })),
      });
    const check = await deps.contentCheck.checkImagePrompt(prompt);
    if (!check.allowed) throw new AppError(400, check.error.code, check.error.message);
    if (auth.kind === "guest" && !(await deps.guestImages.take(auth.guestId))) {
      throw new AppError(403, "message_limit", IMAGE_TEXTS.guestLimit);
    }
    return {
      streamId: randomUUID(),
      store,
      conversationId,
      characterId: facts.id,
      target,
      prompt,
      lora: loraReady ? await deps.loraOf(facts.id) : null,
      release,
    };
  } catch (error) {
    release();
    throw error;
  }
}

function throwConflict(): never {
  throw new AppError(409, "generation_in_progress");
}

const errorEvent = (error: AppError): GenerateEvent => ({
  event: "error",
  data: errorBody(error.code, error.message),
});

const EXTENSIONS = { "image/png": "png", "image/webp": "webp", "image/jpeg": "jpg" } as const;

/** Progress events only when something moved (A1111 is polled; the same answer may come twice). */
function progressRelay(sse: SseStream): (progress: ImageProgress) => void {
  let last = "";
  return (progress) => {
    const data: ImageProgressEvent = {
      fraction: Math.round(progress.fraction * 1000) / 1000,
      step: progress.step,
      steps: progress.steps,
    };
    const key = `${data.fraction}:${data.step}`;
    if (key === last) return;
    last = key;
    sse.send({ event: "image_progress", data });
  };
}

/**
 * Makes the image with progress events, reads it with the NSFW classifier and stores it: on the
 * safe-for-work brand an NSFW image is never stored or shown (imageContentGuidelines); on the adult brand
 * it is stored marked image_is_nsfw. Saves the image message (new, or the target's new image) and answers
 * `done`. A classifier that fails counts as NSFW. Never throws; failures become an `error` event.
 */
export async function runImage(
  deps: ImageDeps,
  job: PreparedImage,
  sse: SseStream,
  clientGone: AbortSignal,
): Promise<void> {
  const timeout = AbortSignal.timeout(IMAGE_LIMITS.timeoutMs);
  try {
    sse.send({
      event: "start",
      data: { stream_id: job.streamId, conversation_id: job.conversationId, user_message: null },
    });
    const engine = deps.engine;
    if (!engine) throw new AppError(503, "images_unavailable");
    const image = await engine.generate(
      {
        prompt: job.prompt,
        negativePrompt: NEGATIVE_PROMPT,
        width: IMAGE_LIMITS.width,
        height: IMAGE_LIMITS.height,
        steps: IMAGE_LIMITS.steps,
        lora: job.lora,
      },
      { signal: AbortSignal.any([clientGone, timeout]), onProgress: progressRelay(sse) },
    );
    if (clientGone.aborted) return;
    const nsfw = await deps.classifier.classify(image.bytes).then(
      (verdict) => verdict.nsfw,
      (error: unknown) => {
        deps.log.warn({ err: error }, "the NSFW classifier failed; the image counts as NSFW");
        return true;
      },
    );
    if (nsfw && deps.config.brand === "sfw") {
      sse.send(errorEvent(new AppError(422, "imageContentGuidelines")));
      return;
    }
    const extension = EXTENSIONS[image.contentType as keyof typeof EXTENSIONS] ?? "png";
    const key = newMediaKey("images", extension);
    await deps.objectStore.put(key, image.bytes, image.contentType);
    const imageFields = { imageUrl: mediaUrl(key), imagePrompt: job.prompt, imageIsNsfw: nsfw };
    const { message } = await job.store.saveReply(
      job.conversationId,
      job.characterId,
      job.target,
      (current) =>
        current
          ? {
              content: current.content,
              status: current.status,
              alternates: current.alternates,
              alternateIndex: current.alternateIndex,
              ...imageFields,
            }
          : { content: "", status: "complete", alternates: [], alternateIndex: 0, ...imageFields },
      undefined,
    );
    const previous = job.target?.imageUrl;
    if (previous?.startsWith(MEDIA_URL_PREFIX) && previous !== message.imageUrl) {
      void deps.objectStore.delete(previous.slice(MEDIA_URL_PREFIX.length)).catch(() => {});
    }
    sse.send({
      event: "done",
      data: {
        conversation_id: job.conversationId,
        message: presentMessage(message),
        suggestion: null,
        oldest_included_message_id: null,
      },
    });
  } catch (error) {
    if (clientGone.aborted) return;
    if (timeout.aborted) {
      deps.log.warn("the image server did not answer in time");
      sse.send(errorEvent(new AppError(504, "generation_failed")));
    } else if (error instanceof AppError) sse.send(errorEvent(error));
    else if (error instanceof ImageEngineError) {
      deps.log.warn({ kind: error.kind, detail: error.message }, "image engine failed");
      sse.send(errorEvent(new AppError(502, "generation_failed")));
    } else {
      deps.log.error({ err: error }, "image generation failed");
      sse.send(errorEvent(new AppError(500, "internal_error")));
    }
  } finally {
    job.release();
    sse.end();
  }
}
