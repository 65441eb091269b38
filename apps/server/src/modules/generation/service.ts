import {
  DEFAULT_GENERATION_SETTINGS,
  FREE_DAILY_MESSAGE_LIMIT,
  type GenerateRequest,
  type GenerationSettings,
  GUEST_MESSAGE_LIMIT,
  MESSAGE_LIMIT_TEXTS,
  type Permission,
} from "@hearth/contracts";
import { applyMacros, assemblePrompt, DEFAULT_SYSTEM_INSTRUCTIONS } from "@hearth/prompt";
import type { FastifyBaseLogger } from "fastify";
import type { ServerConfig } from "../../config";
import type { Database } from "../../db/client";
import type { MessageRow } from "../../db/schema";
import { AppError, errorBody, notFound } from "../../http/errors";
import type { AuthContext } from "../auth/context";
import { permissionsOf } from "../auth/policy";
import { blockedAmong } from "../blocks/repository";
import { canViewCharacter } from "../characters/policy";
import { findCharacterById } from "../characters/repository";
import { viewerOf } from "../characters/viewer";
import { presentMessage } from "../conversations/presenter";
import { incrementCharacterMessages } from "../conversations/repository";
import { canUseModel } from "../inference-models/policy";
import { type ChatMessage, LlmError, type LlmRegistry, type ResolvedProvider } from "../llm/provider";
import { maybeWriteSummaryMemory } from "../memories/auto-summary";
import { findDefaultPersonaId, findPersona } from "../personas/repository";
import { decryptOpenAiKey } from "../users/openai-key";
import { type ChatStore, databaseChatStore, type GuestStore, type StoredConversation } from "./chat-store";
import type { ConversationLock } from "./conversation-lock";
import { consumeDailyMessage, findInferenceModel } from "./repository";
import type { SseStream } from "./sse";

export type GenerationDeps = {
  db: Database;
  config: ServerConfig;
  llm: LlmRegistry;
  lock: ConversationLock;
  guests: GuestStore;
  encryptionKey: string;
  log: FastifyBaseLogger;
};

type Mode = "message" | "regenerate" | "continue" | "autopilot";

/** Everything checked and saved before the stream opens; `release` frees the conversation. */
export type PreparedGeneration = {
  mode: Mode;
  store: ChatStore;
  conversationId: string;
  characterId: string;
  userMessage: MessageRow | null;
  /** regenerate / continue: the bot message that gets the new version or the continuation. */
  target: MessageRow | null;
  provider: ResolvedProvider;
  promptMessages: ChatMessage[];
  oldestIncludedMessageId: string | null;
  settings: GenerationSettings;
  stop: string[];
  permissions: readonly Permission[];
  release: () => void;
};

const invalidAccess = () => new AppError(403, "invalidAccess");
const conflict = () => new AppError(409, "generation_in_progress");
const badRequest = (message: string, field?: string) =>
  new AppError(400, "validation_error", message, field ? { [field]: message } : undefined);

const AUTOPILOT_INSTRUCTION =
  "Now write {{user}}'s next message in this chat, in first person, as {{user}} would say it. Answer with the message text only.";

/** Sliders apply only with the generation_settings permission; the model choice is checked separately. */
function resolveSettings(
  permissions: readonly Permission[],
  requested: Partial<GenerationSettings> | undefined,
): GenerationSettings {
  const sliders = permissions.includes("generation_settings") ? requested : undefined;
  return {
    max_new_tokens: sliders?.max_new_tokens ?? DEFAULT_GENERATION_SETTINGS.max_new_tokens,
    temperature: sliders?.temperature ?? DEFAULT_GENERATION_SETTINGS.temperature,
    top_p: sliders?.top_p ?? DEFAULT_GENERATION_SETTINGS.top_p,
    top_k: sliders?.top_k ?? DEFAULT_GENERATION_SETTINGS.top_k,
    inference_model_id: requested?.inference_model_id ?? DEFAULT_GENERATION_SETTINGS.inference_model_id,
  };
}

function modeOf(body: GenerateRequest): Mode {
  if (body.autopilot) return "autopilot";
  if (body.continue_chat) return "continue";
  if (body.regenerate) return "regenerate";
  if (body.resubmit) return "regenerate"; // narrowed below: a reply to the last user message when there is no bot reply yet
  return "message";
}

async function resolveProvider(
  deps: GenerationDeps,
  auth: AuthContext,
  permissions: readonly Permission[],
  modelId: string,
): Promise<ResolvedProvider> {
  const model = await findInferenceModel(deps.db, modelId);
  if (!model) throw badRequest("This model does not exist.", "generation_settings.inference_model_id");
  if (!canUseModel(permissions, model)) {
    throw new AppError(403, "forbidden", "Your plan does not include this model.");
  }
  const member = auth.kind === "member" ? auth.user : null;
  let openaiApiKey: string | null = null;
  if (member?.openaiApiKeyEncrypted && member.openaiMode !== "disabled") {
    try {
      openaiApiKey = decryptOpenAiKey(member.openaiApiKeyEncrypted, deps.encryptionKey);
    } catch {
      deps.log.warn({ userId: member.id }, "stored OpenAI key cannot be decrypted; using the platform model");
    }
  }
  const provider = deps.llm.providerFor(modelId, {
    openaiMode: member?.openaiMode ?? "disabled",
    openaiApiKey,
    permissions,
  });
  if (!provider) throw badRequest("This model does not exist.", "generation_settings.inference_model_id");
  return provider;
}

/** Guests: a fixed number per guest session; free members: per day; subscribers: unlimited. */
async function consumeAllowance(deps: GenerationDeps, auth: AuthContext): Promise<void> {
  if (auth.kind === "guest") {
    const session = deps.guests.session(auth.guestId);
    if (session.messagesSent >= GUEST_MESSAGE_LIMIT) {
      throw new AppError(403, "message_limit", MESSAGE_LIMIT_TEXTS.guest);
    }
    session.messagesSent += 1;
    return;
  }
  if (auth.kind === "member" && auth.user.role === "free") {
    if (!(await consumeDailyMessage(deps.db, auth.user.id, FREE_DAILY_MESSAGE_LIMIT))) {
      throw new AppError(403, "message_limit", MESSAGE_LIMIT_TEXTS.free);
    }
  }
}

async function personaFor(
  deps: GenerationDeps,
  auth: AuthContext,
  personaId: string | null,
): Promise<{ name: string; highlights: string } | null> {
  if (auth.kind !== "member") return null;
  const id = personaId ?? (await findDefaultPersonaId(deps.db, auth.user.id));
  const persona = id ? await findPersona(deps.db, id) : null;
  return persona && persona.userId === auth.user.id ? persona : null;
}

/**
 * Checks access, the model, the lock and the message limit, saves the user message, and assembles the
 * prompt. Throws AppError (answered as JSON) before anything is streamed.
 */
export async function prepareGeneration(
  deps: GenerationDeps,
  auth: AuthContext,
  body: GenerateRequest,
): Promise<PreparedGeneration> {
  if (auth.kind === "anonymous") throw new AppError(401, "unauthenticated");
  const character = await findCharacterById(deps.db, body.character_id);
  if (!character || !canViewCharacter(character, viewerOf(auth, deps.config))) throw invalidAccess();
  if (auth.kind === "member") {
    const blocked = await blockedAmong(deps.db, auth.user.id, [character.creatorUserId]);
    if (blocked.size > 0) throw new AppError(403, "blockedBotCreator");
  }
  const permissions = permissionsOf(auth);
  const settings = resolveSettings(permissions, body.generation_settings);
  const provider = await resolveProvider(deps, auth, permissions, settings.inference_model_id);
  const store =
    auth.kind === "member" ? databaseChatStore(deps.db, auth.user.id) : deps.guests.chatStore(auth.guestId);

  if (auth.kind === "member" && body.persona_id) {
    const persona = await findPersona(deps.db, body.persona_id);
    if (!persona || persona.userId !== auth.user.id)
      throw badRequest("This persona does not exist.", "persona_id");
  }

  let conversation: StoredConversation | null = null;
  let release: () => void = () => {};
  if (body.conversation_id) {
    conversation = await store.find(body.conversation_id);
    if (!conversation) throw notFound();
    if (conversation.characterId !== character.id) {
      throw badRequest("This conversation belongs to another character.", "conversation_id");
    }
    release = (await deps.lock.acquire(conversation.id)) ?? throwConflict();
  }

  try {
    const persona = await personaFor(deps, auth, body.persona_id ?? conversation?.userPersonaId ?? null);
    const fallbackName = auth.kind === "member" ? (auth.user.name ?? auth.user.username ?? "User") : "User";
    const names = { char: character.name, user: persona?.name ?? fallbackName };
    const greeting = applyMacros(character.greeting, names);

    let history: MessageRow[] = conversation ? await store.messages(conversation.id) : [];
    let mode = modeOf(body);
    let target: MessageRow | null = null;
    const last = history.at(-1);
    if (body.resubmit) {
      if (!last) throw badRequest("There is nothing to resubmit.");
      mode = last.role === "user" ? "message" : "regenerate";
    }
    if (mode === "regenerate" || mode === "continue") {
      if (last?.role !== "bot") throw badRequest("There is no reply to regenerate or continue.");
      if (mode === "regenerate" && history.length < 2)
        throw badRequest("The greeting cannot be regenerated.");
      target = last;
      if (mode === "regenerate") history = history.slice(0, -1);
    }

    if (mode !== "autopilot") await consumeAllowance(deps, auth);

    let userMessage: MessageRow | null = null;
    if (!conversation && mode === "message") {
      conversation = await store.create({
        characterId: character.id,
        userPersonaId: body.persona_id ?? null,
        greeting,
      });
      release = (await deps.lock.acquire(conversation.id)) ?? throwConflict();
      history = await store.messages(conversation.id);
    }
    if (!conversation) {
      // Autopilot before the first message: suggest from the greeting alone, nothing is created.
      history = greeting ? [transientGreeting(greeting)] : [];
    }
    const conversationId = conversation?.id ?? "";
    if (body.message !== undefined && conversation) {
      userMessage = await store.addUserMessage(conversation.id, body.message);
      history.push(userMessage);
    }

    const pinnedMemories = conversation ? await store.pinnedMemories(conversation.id) : [];
    const prompt = assemblePrompt({
      systemInstructions: DEFAULT_SYSTEM_INSTRUCTIONS,
      character: {
        name: character.name,
        persona: character.persona,
        scenario: character.scenario,
        dialogue: character.dialogue,
      },
      userName: names.user,
      userPersona: persona ? { name: persona.name, highlights: persona.highlights } : null,
      pinnedMemories,
      history: history.map((message) => ({ id: message.id, role: message.role, content: message.content })),
      contextSize: provider.contextSize,
      maxNewTokens: settings.max_new_tokens,
      countTokens: (text: string) => provider.countTokens(text),
    });
    const promptMessages: ChatMessage[] =
      mode === "autopilot"
        ? [...prompt.messages, { role: "system", content: applyMacros(AUTOPILOT_INSTRUCTION, names) }]
        : prompt.messages;
    // Nothing was left out when the oldest included message is the conversation's first one.
    const oldestIncluded = prompt.oldestIncludedMessageId;
    const oldestIncludedMessageId =
      oldestIncluded && oldestIncluded !== history[0]?.id ? oldestIncluded : null;

    return {
      mode,
      store,
      conversationId,
      characterId: character.id,
      userMessage,
      target,
      provider,
      promptMessages,
      oldestIncludedMessageId,
      settings,
      stop: mode === "autopilot" ? [`\n${names.char}:`] : [`\n${names.user}:`],
      permissions,
      release,
    };
  } catch (error) {
    release();
    throw error;
  }
}

function throwConflict(): never {
  throw conflict();
}

function transientGreeting(content: string): MessageRow {
  return {
    id: "greeting",
    conversationId: "",
    role: "bot",
    content,
    status: "complete",
    alternates: [],
    alternateIndex: 0,
    imageUrl: null,
    imagePrompt: null,
    createdAt: new Date(),
  };
}

function generationError(error: unknown): AppError {
  if (error instanceof LlmError && error.kind === "unavailable") {
    return new AppError(503, "llm_unavailable", error.message || undefined);
  }
  if (error instanceof LlmError) return new AppError(502, "generation_failed", error.message);
  return new AppError(500, "internal_error");
}

/** The new state of the target message: a new alternate, a continuation, or a fresh reply. */
function replyWrite(job: PreparedGeneration, text: string, status: MessageRow["status"]) {
  const target = job.target;
  if (job.mode === "regenerate" && target) {
    const versions = target.alternates.length > 0 ? target.alternates : [target.content];
    const alternates = [...versions, text];
    return { content: text, status, alternates, alternateIndex: alternates.length - 1 };
  }
  if (job.mode === "continue" && target) {
    const content = target.content + text;
    const alternates = target.alternates.map((version, index) =>
      index === target.alternateIndex ? content : version,
    );
    return { content, status, alternates, alternateIndex: target.alternateIndex };
  }
  return { content: text, status, alternates: [], alternateIndex: 0 };
}

/**
 * Streams the reply token by token, then saves it once: complete, or cut when the client left or the
 * upstream failed midway (what was generated is kept). Never throws; failures become an `error` event.
 */
export async function runGeneration(
  deps: GenerationDeps,
  job: PreparedGeneration,
  sse: SseStream,
  signal: AbortSignal,
): Promise<void> {
  try {
    sse.event("start", {
      conversation_id: job.conversationId,
      user_message: job.userMessage ? presentMessage(job.userMessage) : null,
    });
    let text = "";
    let failure: AppError | null = null;
    try {
      const pieces = job.provider.stream({
        messages: job.promptMessages,
        maxTokens: job.settings.max_new_tokens,
        temperature: job.settings.temperature,
        topP: job.settings.top_p,
        topK: job.settings.top_k,
        stop: job.stop,
        signal,
        cacheKey: job.conversationId || undefined,
      });
      for await (const piece of pieces) {
        text += piece;
        sse.token(piece);
      }
    } catch (error) {
      if (!signal.aborted) {
        failure = generationError(error);
        if (!(error instanceof LlmError)) deps.log.error({ err: error }, "generation failed");
      }
    }
    const cut = signal.aborted || failure !== null;

    if (job.mode === "autopilot") {
      if (failure) sse.event("error", errorBody(failure.code, failure.message));
      else
        sse.event("done", {
          conversation_id: job.conversationId,
          message: null,
          suggestion: text.trim(),
          oldest_included_message_id: null,
        });
      return;
    }
    if (!text) {
      const error = failure ?? new AppError(502, "generation_failed", "The model returned an empty reply.");
      if (!signal.aborted) sse.event("error", errorBody(error.code, error.message));
      return;
    }
    const { message, conversation } = await job.store.saveReply(
      job.conversationId,
      job.target?.id ?? null,
      replyWrite(job, text, cut ? "cut" : "complete"),
      job.oldestIncludedMessageId,
    );
    await incrementCharacterMessages(deps.db, job.characterId);
    if (failure) {
      sse.event("error", errorBody(failure.code, failure.message));
    } else {
      sse.event("done", {
        conversation_id: job.conversationId,
        message: presentMessage(message),
        suggestion: null,
        oldest_included_message_id: job.oldestIncludedMessageId,
      });
    }
    if (job.store.persistent && job.permissions.includes("conversation_memory_auto")) {
      void maybeWriteSummaryMemory(deps, conversation, job.provider);
    }
  } catch (error) {
    deps.log.error({ err: error }, "saving a generation failed");
    sse.event("error", errorBody("internal_error", "Uh oh, something went wrong"));
  } finally {
    job.release();
    sse.end();
  }
}
