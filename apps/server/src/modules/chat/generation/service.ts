import { randomUUID } from "node:crypto";
import {
  DEFAULT_GENERATION_SETTINGS,
  type GenerateEvent,
  type GenerationMode,
  type GenerationSettings,
  MESSAGE_CAP_TEXTS,
  MESSAGE_CAPS,
  MESSAGE_LIMIT_TEXTS,
  type ParsedGenerateRequest,
  type Permission,
  type PromptReport,
  REPLY_STREAM,
} from "@hearth/contracts";
import {
  applyMacros,
  assembleAutopilotPrompt,
  assemblePrompt,
  DEFAULT_SYSTEM_INSTRUCTIONS,
  type PromptInput,
  stopSequences,
} from "@hearth/prompt";
import type { FastifyBaseLogger } from "fastify";
import type { ServerConfig } from "../../../config";
import type { Database } from "../../../db/client";
import type { InferenceModelRow, MessageRow } from "../../../db/schema";
import { AppError, errorBody, notFound } from "../../../http/errors";
import { permissionsOf } from "../../../kernel/access-policy";
import { type AuthContext, optionalMember } from "../../../kernel/auth-context";
import { can as characterCan, viewerOf } from "../../characters/index";
import { type ChatMessage, LlmError, type LlmRegistry, type ResolvedProvider } from "../../llm/index";
import {
  activateChatLore,
  buildPromptReport,
  loadLoreSources,
  loreSeed,
  newChatLoreSources,
} from "../../lorebooks/index";
import { decryptOpenAiKey } from "../../users/index";
import type { WaitingRoom, WaitingRoomActor } from "../../waiting-room/index";
import {
  findGenerationGroup,
  groupSpeaker,
  groupStops,
  promptCharacter,
  promptHistory,
  soleSpeaker,
  standsForConversation,
  withSpeaker,
} from "../groups/generation";
import { maybeWriteSummaryMemory } from "../memories/auto-summary";
import { presentMessage } from "../messages/presenter";
import {
  type ChatStore,
  databaseChatStore,
  type GuestStore,
  newMessage,
  type ReplyWrite,
} from "./chat-store";
import type { ChatWriter } from "./chat-writer";
import type { ConversationLock } from "./conversation-lock";
import type { GenerationFactsCache } from "./facts-cache";
import { allowanceOf, can } from "./policy";
import type { ReplyListener, ReplyStreams } from "./reply-streams";
import { consumeDailyMessage, type PersonaChoice } from "./repository";
import type { SseStream } from "./sse";

export type GenerationDeps = {
  db: Database;
  config: ServerConfig;
  llm: LlmRegistry;
  lock: ConversationLock;
  guests: GuestStore;
  writer: ChatWriter;
  waitingRoom: WaitingRoom;
  inferenceModels: () => Promise<Map<string, InferenceModelRow>>;
  /** The character's and member's facts every reply reads, kept in memory. */
  facts: GenerationFactsCache;
  encryptionKey: string;
  log: FastifyBaseLogger;
};

/**
 * What the generation does once the conversation is read: a reply (to a new user message, or to the
 * last one when resubmitted), a new version of the last reply (regenerate, or a resubmitted failed
 * regenerate), more of it (continue), or autopilot's suggestion.
 */
type Mode = "message" | "regenerate" | "continue" | "autopilot";

/**
 * Everything checked before the stream opens. What the user's turn adds (a new conversation, the user
 * message) is saved by `saveUserTurn` while the model already works on the reply; no token is relayed
 * before it is saved. `release` frees the conversation.
 */
export type PreparedGeneration = {
  /** Names the reply's event stream (REPLY_STREAM): resumed and stopped by it. */
  streamId: string;
  mode: Mode;
  store: ChatStore;
  conversationId: string;
  characterId: string;
  /** Group chats: the character who writes the reply (saved as its messages.character_id); else null. */
  speakerId: string | null;
  userMessage: MessageRow | null;
  saveUserTurn: () => Promise<void>;
  /** regenerate / continue: the bot message that gets the new version or the continuation. */
  target: MessageRow | null;
  /**
   * The target is an older reply, with messages after it: they are kept, and the conversation's memory
   * cut-off (set by the generations at its end) stays as it is.
   */
  keepsLater: boolean;
  provider: ResolvedProvider;
  promptMessages: ChatMessage[];
  /** What the reply's prompt drew on (lorebook entries, tokens per part), saved on the reply. */
  promptReport: PromptReport | null;
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

/** Sliders apply only with the generation_settings permission; the model choice is checked separately. */
function resolveSettings(
  auth: AuthContext,
  requested: Partial<GenerationSettings> | undefined,
): GenerationSettings {
  const sliders = can(auth, "adjust_settings", null) ? requested : undefined;
  return {
    max_new_tokens: sliders?.max_new_tokens ?? DEFAULT_GENERATION_SETTINGS.max_new_tokens,
    temperature: sliders?.temperature ?? DEFAULT_GENERATION_SETTINGS.temperature,
    top_p: sliders?.top_p ?? DEFAULT_GENERATION_SETTINGS.top_p,
    top_k: sliders?.top_k ?? DEFAULT_GENERATION_SETTINGS.top_k,
    inference_model_id: requested?.inference_model_id ?? DEFAULT_GENERATION_SETTINGS.inference_model_id,
  };
}

/** The request's mode against the conversation's last message (resubmit retries what failed last). */
function modeOf(mode: GenerationMode, last: MessageRow | undefined): Mode {
  switch (mode.kind) {
    case "message":
    case "regenerate":
    case "continue":
    case "autopilot":
      return mode.kind;
    case "speak":
      // A new reply with no new message (a group's 'speak now').
      return "message";
    case "image":
      // Answered by the images module (routes.ts sends type "image" there), never as text.
      throw badRequest("An image request is not a text generation.");
    case "resubmit":
      if (!last) throw badRequest("There is nothing to resubmit.");
      return last.role === "user" ? "message" : "regenerate";
    default:
      return unknownMode(mode);
  }
}

function unknownMode(mode: never): never {
  throw new Error(`Unknown generation mode ${JSON.stringify(mode)}`);
}

function resolveProvider(
  deps: GenerationDeps,
  auth: AuthContext,
  permissions: readonly Permission[],
  model: InferenceModelRow | null,
): ResolvedProvider {
  if (!model) throw badRequest("This model does not exist.", "generation_settings.inference_model_id");
  if (!can(auth, "use_model", model)) {
    throw new AppError(403, "forbidden", "Your plan does not include this model.");
  }
  const member = optionalMember(auth);
  let openaiApiKey: string | null = null;
  if (member?.openaiApiKeyEncrypted && member.openaiMode !== "disabled") {
    try {
      openaiApiKey = decryptOpenAiKey(member.openaiApiKeyEncrypted, deps.encryptionKey);
    } catch {
      deps.log.warn({ userId: member.id }, "stored OpenAI key cannot be decrypted; using the platform model");
    }
  }
  return deps.llm.providerFor(model, {
    openaiMode: member?.openaiMode ?? "disabled",
    openaiApiKey,
    permissions,
  });
}

/**
 * Every generation counts, whatever its mode (a message, regenerate, continue, resubmit or an autopilot
 * suggestion): guests a fixed number per guest session; free members per day; subscribers: unlimited.
 */
async function consumeAllowance(deps: GenerationDeps, auth: AuthContext): Promise<void> {
  const allowance = allowanceOf(auth);
  if (allowance.per === "guest_session" && auth.kind === "guest") {
    if (!(await deps.guests.countMessage(auth.guestId, allowance.limit))) {
      throw new AppError(403, "message_limit", MESSAGE_LIMIT_TEXTS.guest);
    }
    return;
  }
  if (allowance.per === "day" && auth.kind === "member") {
    if (!(await consumeDailyMessage(deps.db, auth.user.id, allowance.limit))) {
      throw new AppError(403, "message_limit", MESSAGE_LIMIT_TEXTS.free);
    }
  }
}

/** The requested persona (it must be the member's), else the conversation's, else the default one. */
function pickPersona(
  choices: PersonaChoice[],
  requestedId: string | undefined,
  conversationPersonaId: string | null,
): PersonaChoice | null {
  if (requestedId) {
    const requested = choices.find((choice) => choice.id === requestedId);
    if (!requested) throw badRequest("This persona does not exist.", "persona_id");
    return requested;
  }
  if (conversationPersonaId) return choices.find((choice) => choice.id === conversationPersonaId) ?? null;
  return choices.find((choice) => choice.isDefault) ?? null;
}

/**
 * Checks the waiting room, access, the model, the lock and the message limit, and assembles the prompt;
 * throws AppError (answered as JSON) before anything is streamed. Everything it reads comes in one
 * parallel round of queries; nothing is written here except the free members' daily count.
 */
export async function prepareGeneration(
  deps: GenerationDeps,
  actor: WaitingRoomActor,
  body: ParsedGenerateRequest,
): Promise<PreparedGeneration> {
  const { auth } = actor;
  if (auth.kind === "anonymous") throw new AppError(401, "unauthenticated");
  await deps.waitingRoom.admit(actor, { characterId: body.character_id, sharedLink: body.shared_link });
  const permissions = permissionsOf(auth);
  const settings = resolveSettings(auth, body.generation_settings);
  const store =
    auth.kind === "member"
      ? databaseChatStore(deps.db, deps.writer, auth.user.id)
      : deps.guests.chatStore(auth.guestId);
  const existingId = body.conversation_id ?? null;
  // Taken before the reads, so the history cannot change under this generation.
  let release = existingId ? ((await deps.lock.acquire(existingId)) ?? throwConflict()) : () => {};
  try {
    // One parallel round of queries; the store reads a conversation and its messages only when they are
    // the member's (the owner is part of each query), so nothing of another member's is ever loaded.
    const member = optionalMember(auth);
    // A group chat's characters, read beside the rest (members only: guests have no group chats).
    const groupRead = existingId && member ? findGenerationGroup(deps.db, existingId, member.id) : null;
    groupRead?.catch(() => {});
    // A known character and member ask nothing here (facts-cache.ts); a saved chat reads its own rows.
    const savedChat = existingId !== null && member !== null;
    const [read, models, existing, storedHistory, savedLore] = await Promise.all([
      deps.facts.read(body.character_id, member?.id ?? null),
      deps.inferenceModels(),
      existingId ? store.find(existingId) : null,
      existingId ? store.messages(existingId) : [],
      savedChat
        ? loadLoreSources(deps.db, {
            characterId: body.character_id,
            userId: member.id,
            conversationId: existingId,
          })
        : null,
    ]);
    const character = read?.facts ?? null;
    // Guests' chats and chats not saved yet: the character's book and the member's all-chats books.
    const loreSources = savedLore ?? (read ? newChatLoreSources(read.facts, read.allChatsBooks) : []);
    if (!character || !characterCan(viewerOf(auth, deps.config), "view", character)) throw invalidAccess();
    if (!can(auth, "chat_with", character)) throw new AppError(403, "blockedBotCreator");
    const group = await groupRead;
    const model = models.get(settings.inference_model_id) ?? null;
    const provider = resolveProvider(deps, auth, permissions, model);
    const persona = pickPersona(character.personas, body.persona_id, existing?.userPersonaId ?? null);
    const pinnedMemories = existing?.pinnedMemories ?? [];
    if (existingId) {
      if (!existing) throw notFound();
      if (!standsForConversation(group, existing.characterId, character.id)) {
        throw badRequest("This conversation belongs to another character.", "conversation_id");
      }
    }

    let history: MessageRow[] = storedHistory;
    let target: MessageRow | null = null;
    let keepsLater = false;
    const last = history.at(-1);
    const mode = modeOf(body.mode, last);
    // The user's new message: only a "message" request writes one (a resubmitted reply answers the last).
    const userText = body.mode.kind === "message" ? body.mode.text : null;
    const olderTargetId = body.mode.kind === "regenerate" ? (body.mode.messageId ?? null) : null;
    if (olderTargetId !== null) {
      // A new version of any bot message, written from the messages before it; later ones are kept.
      const at = history.findIndex((message) => message.id === olderTargetId);
      const older = history[at];
      if (older?.role !== "bot") {
        throw badRequest("Choose a reply of this conversation to regenerate.", "target_message_id");
      }
      if (at === 0) throw badRequest("The greeting cannot be regenerated.", "target_message_id");
      target = older;
      keepsLater = at < history.length - 1;
      history = history.slice(0, at);
      checkGrowth("regenerate", older);
    } else if (mode === "regenerate" || mode === "continue") {
      if (last?.role !== "bot") throw badRequest("There is no reply to regenerate or continue.");
      if (mode === "regenerate" && history.length < 2)
        throw badRequest("The greeting cannot be regenerated.");
      target = last;
      if (mode === "regenerate") history = history.slice(0, -1);
      checkGrowth(mode, last);
    }

    // Who writes this reply: the character, or in a group chat the one asked for or chosen by its mode.
    const speaker =
      group && existingId
        ? await groupSpeaker(deps.db, auth, deps.config, {
            group,
            conversationId: existingId ?? "",
            requestedId: body.speaker_id,
            mode,
            target,
            history,
            userText,
            requested: character,
            readFacts: async (speakerId) =>
              (await deps.facts.read(speakerId, member?.id ?? null))?.facts ?? null,
          })
        : soleSpeaker(character, body.speaker_id);

    const fallbackName = member ? (member.name ?? member.username ?? "User") : "User";
    const names = { char: speaker.facts.name, user: persona?.name ?? fallbackName };
    const greeting = applyMacros(character.greeting, names);
    // A new conversation gets its id here, so its lock is taken before anything is written.
    const conversationId = existing?.id ?? (mode === "message" ? randomUUID() : null);
    if (conversationId && !existing) release = (await deps.lock.acquire(conversationId)) ?? throwConflict();

    await consumeAllowance(deps, auth);

    let saveUserTurn = async () => {};
    let userMessage: MessageRow | null = null;
    if (conversationId && !existing) {
      const firstMessages = greeting ? [newMessage(conversationId, "bot", greeting)] : [];
      history = [...firstMessages];
      if (userText !== null) {
        userMessage = newMessage(conversationId, "user", userText, names.user);
        firstMessages.push(userMessage);
      }
      const conversation = {
        id: conversationId,
        characterId: character.id,
        userPersonaId: body.persona_id ?? null,
        messagesSinceSummary: 0,
      };
      saveUserTurn = () => store.create(conversation, firstMessages);
    } else if (conversationId && userText !== null) {
      const message = newMessage(conversationId, "user", userText, names.user);
      userMessage = message;
      saveUserTurn = () => store.addMessage(message);
    } else if (!conversationId) {
      // Autopilot before the first message: suggest from the greeting alone, nothing is created.
      history = greeting ? [transientGreeting(greeting)] : [];
    }
    if (userMessage && history.at(-1) !== userMessage) history.push(userMessage);

    // Lorebooks: the same reply (or new version of one) activates the same entries.
    const lore = activateChatLore(
      loreSources,
      history.map((message) => message.content),
      loreSeed(target?.id ?? userMessage?.id ?? `${conversationId}:${history.length}`),
      (text) => provider.countTokens(text),
    );
    const promptInput: PromptInput = {
      systemInstructions: DEFAULT_SYSTEM_INSTRUCTIONS,
      character: promptCharacter(speaker),
      userName: names.user,
      userPersona: persona ? { name: persona.name, highlights: persona.highlights } : null,
      pinnedMemories,
      // Image messages without text (modules/images) say nothing to the model.
      history: promptHistory(
        history.filter((message) => message.content !== "" || message.imageUrl === null),
        speaker,
      ),
      contextSize: provider.contextSize,
      maxNewTokens: settings.max_new_tokens,
      countTokens: (text: string) => provider.countTokens(text),
      lore: lore.fired,
    };
    const prompt = mode === "autopilot" ? assembleAutopilotPrompt(promptInput) : assemblePrompt(promptInput);
    const promptMessages: ChatMessage[] = prompt.messages;
    const promptReport = mode === "autopilot" ? null : buildPromptReport(lore, prompt.parts);
    // Nothing was left out when the oldest included message is the conversation's first one.
    const oldestIncluded = prompt.oldestIncludedMessageId;
    const oldestIncludedMessageId =
      oldestIncluded && oldestIncluded !== history[0]?.id ? oldestIncluded : null;

    return {
      streamId: randomUUID(),
      mode,
      store,
      conversationId: conversationId ?? "",
      characterId: speaker.facts.id,
      speakerId: speaker.groupSpeakerId,
      userMessage,
      saveUserTurn,
      target,
      keepsLater,
      provider,
      promptMessages,
      promptReport,
      oldestIncludedMessageId,
      settings,
      stop: [...stopSequences(mode === "autopilot" ? "autopilot" : "reply", names), ...groupStops(speaker)],
      permissions,
      release,
    };
  } catch (error) {
    release();
    throw error;
  }
}

const capReached = (message: string) => new AppError(409, "validation_error", message);

/** A reply takes at most MESSAGE_CAPS.alternatesMax versions and grows by "continue" to a bounded length. */
function checkGrowth(mode: "regenerate" | "continue", target: MessageRow): void {
  if (mode === "regenerate" && versionsOf(target).length >= MESSAGE_CAPS.alternatesMax) {
    throw capReached(MESSAGE_CAP_TEXTS.alternates);
  }
  if (mode === "continue" && target.content.length >= MESSAGE_CAPS.continuedReplyMaxChars) {
    throw capReached(MESSAGE_CAP_TEXTS.continued);
  }
}

const versionsOf = (message: MessageRow): string[] =>
  message.alternates.length > 0 ? message.alternates : [message.content];

function throwConflict(): never {
  throw conflict();
}

/** The greeting of a conversation that does not exist yet (autopilot before the first message). */
function transientGreeting(content: string): MessageRow {
  return { ...newMessage("", "bot", content), id: "greeting" };
}

/**
 * What the member is told: the spec's message for the code, never the engine's own wording (it can name
 * the model server's address or echo its error body); that detail goes to the log.
 */
export function generationError(error: unknown): AppError {
  if (error instanceof LlmError && error.kind === "unavailable") return new AppError(503, "llm_unavailable");
  if (error instanceof LlmError) return new AppError(502, "generation_failed");
  return new AppError(500, "internal_error");
}

/** The stream's `error` event for a failure: its code and the spec's message. */
const errorEvent = (error: AppError): GenerateEvent => ({
  event: "error",
  data: errorBody(error.code, error.message),
});

/**
 * The new state of the target message, from its current stored state (read under the store's lock, so
 * parallel writers on several instances cannot pass the caps): a new alternate, a continuation, or a
 * fresh reply.
 */
function replyWrite(
  job: PreparedGeneration,
  text: string,
  status: MessageRow["status"],
): (current: MessageRow | null) => ReplyWrite {
  return (current) => {
    if (job.mode === "regenerate" && current) {
      const versions = versionsOf(current);
      if (versions.length >= MESSAGE_CAPS.alternatesMax) throw capReached(MESSAGE_CAP_TEXTS.alternates);
      const alternates = [...versions, text];
      return {
        content: text,
        status,
        alternates,
        alternateIndex: alternates.length - 1,
        promptReport: job.promptReport,
      };
    }
    if (job.mode === "continue" && current) {
      const content = (current.content + text).slice(0, MESSAGE_CAPS.continuedReplyMaxChars);
      const alternates = current.alternates.map((version, index) =>
        index === current.alternateIndex ? content : version,
      );
      return {
        content,
        status,
        alternates,
        alternateIndex: current.alternateIndex,
        promptReport: job.promptReport,
      };
    }
    return { content: text, status, alternates: [], alternateIndex: 0, promptReport: job.promptReport };
  };
}

/**
 * Starts the model at once and saves the user's turn once the model's request is out (or failed before it
 * was); relays tokens once the turn is saved (a failed save stops the model and answers an error event).
 * Each token is written straight through; the reply is saved once at the end: complete, or cut when the
 * client left or the upstream failed midway (what was generated is kept). Never throws; failures become an
 * `error` event.
 */
export async function runGeneration(
  deps: GenerationDeps,
  job: PreparedGeneration,
  sse: SseStream,
  stop: AbortController,
): Promise<void> {
  // Aborted when the client left or asked to stop, or here when the user's turn cannot be saved.
  const signal = stop.signal;
  let freeSlot: (() => Promise<void>) | null = null;
  try {
    // The platform's engine is busy with it until it ends: the waiting room counts its slots.
    if (job.provider.usesPlatform) freeSlot = await deps.waitingRoom.occupySlot();
    let sent!: () => void;
    const requestSent = new Promise<void>((resolve) => {
      sent = resolve;
    });
    const pieces = job.provider
      .stream({
        messages: job.promptMessages,
        maxTokens: job.settings.max_new_tokens,
        temperature: job.settings.temperature,
        topP: job.settings.top_p,
        topK: job.settings.top_k,
        stop: job.stop,
        signal,
        cacheKey: job.conversationId || undefined,
        onSent: sent,
      })
      [Symbol.asyncIterator]();
    // Asking for the first piece sends the request upstream; its outcome is read after the save.
    const first = pieces.next();
    const firstSettled = first.then(ignore, ignore);
    // The save goes out once the model's request is written. undici writes it a loop turn later (it checks
    // a reused connection first), so a save started now went first, and the database then took the CPU
    // the request needed (relay bench, one stream at a time: 1.4 ms of the 3.4 ms the app added to the
    // first token). A request that fails before it is written (an unreachable server) is saved after too.
    await Promise.race([requestSent, firstSettled]);
    try {
      await job.saveUserTurn();
    } catch (error) {
      stop.abort();
      throw error;
    }
    sse.send({
      event: "start",
      data: {
        stream_id: job.streamId,
        conversation_id: job.conversationId,
        user_message: job.userMessage ? presentMessage(job.userMessage) : null,
        ...(job.speakerId ? { speaker_id: job.speakerId } : {}),
      },
    });
    let text = "";
    let failure: AppError | null = null;
    try {
      for (let next = await first; !next.done; next = await pieces.next()) {
        for (const piece of next.value) {
          text += piece;
          sse.send({ event: "token", data: { text: piece } });
        }
      }
    } catch (error) {
      if (!signal.aborted) {
        failure = generationError(error);
        if (error instanceof LlmError)
          deps.log.warn({ kind: error.kind, detail: error.message }, "model failed");
        else deps.log.error({ err: error }, "generation failed");
      }
    }
    const cut = signal.aborted || failure !== null;

    if (job.mode === "autopilot") {
      if (failure) sse.send(errorEvent(failure));
      else
        sse.send({
          event: "done",
          data: {
            conversation_id: job.conversationId,
            message: null,
            suggestion: text.trim(),
            oldest_included_message_id: null,
          },
        });
      return;
    }
    if (!text) {
      const error = failure ?? new AppError(502, "generation_failed", "The model returned an empty reply.");
      if (!signal.aborted) sse.send(errorEvent(error));
      return;
    }
    const { message, conversation } = await job.store.saveReply(
      job.conversationId,
      job.characterId,
      job.target,
      withSpeaker(job.speakerId, replyWrite(job, text, cut ? "cut" : "complete")),
      job.keepsLater ? undefined : job.oldestIncludedMessageId,
    );
    if (failure) {
      sse.send(errorEvent(failure));
    } else {
      sse.send({
        event: "done",
        data: {
          conversation_id: job.conversationId,
          message: presentMessage(message),
          suggestion: null,
          oldest_included_message_id: job.oldestIncludedMessageId,
        },
      });
    }
    if (job.store.persistent && can(job, "write_auto_memories", null)) {
      void maybeWriteSummaryMemory(deps, conversation, job.provider);
    }
  } catch (error) {
    if (error instanceof AppError) {
      sse.send(errorEvent(error));
    } else {
      deps.log.error({ err: error }, "saving a generation failed");
      sse.send(errorEvent(new AppError(500, "internal_error", "Uh oh, something went wrong")));
    }
  } finally {
    job.release();
    sse.end();
    await freeSlot?.().catch((error: unknown) => deps.log.warn({ err: error }, "freeing a slot failed"));
  }
}

const ignore = () => {};

/** A reply stream the caller may resume or stop (generation policy `use_reply_stream`); 404 otherwise. */
async function checkReplyStream(replies: ReplyStreams, auth: AuthContext, streamId: string): Promise<void> {
  const owner = await replies.ownerOf(streamId);
  if (owner === null || !can(auth, "use_reply_stream", { owner })) throw notFound();
}

/** Follows the caller's reply after `afterSeq` (REPLY_STREAM); null once it expired meanwhile. */
export async function followReply(
  replies: ReplyStreams,
  auth: AuthContext,
  streamId: string,
  afterSeq: number,
  listener: ReplyListener,
): Promise<(() => void) | null> {
  await checkReplyStream(replies, auth, streamId);
  return replies.follow(streamId, afterSeq, listener);
}

/** Stop: ends the caller's reply wherever it is generated. */
export async function stopReply(replies: ReplyStreams, auth: AuthContext, streamId: string): Promise<void> {
  await checkReplyStream(replies, auth, streamId);
  await replies.stop(streamId);
}

/**
 * A connection lost before its reply ended (the first one or a resumed one): unless the client follows
 * the stream again within REPLY_STREAM.resumeGraceMs, the model stops there and the part written is kept.
 */
export function stopUnlessResumed(replies: ReplyStreams, streamId: string): NodeJS.Timeout {
  const followsAtLoss = replies.follows(streamId);
  const timer = setTimeout(() => {
    Promise.all([followsAtLoss, replies.follows(streamId)])
      .then(([before, now]) => (now === before ? replies.stop(streamId) : undefined))
      .catch(() => {});
  }, REPLY_STREAM.resumeGraceMs);
  timer.unref();
  return timer;
}
