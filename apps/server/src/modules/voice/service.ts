import {
  type ConversationVoice,
  type SetConversationVoiceBody,
  type SpeechTicket,
  VOICE_LIMITS,
  VOICE_MESSAGES,
  type Voice,
  type VoiceConfig,
  type VoiceFilter,
  type VoiceListResponse,
  type VoiceRatingBody,
  type VoiceRatingResponse,
  type VoiceSource,
} from "@hearth/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import type { Recording, SpeechAudio, SpeechEngine, TranscriptionEngine } from "./engine";
import { VoiceEngineError } from "./engine";
import { can } from "./policy";
import { presentConversationVoice, presentSpeechTicket, presentVoiceRating } from "./presenter";
import {
  findOwnedConversation,
  findOwnedMessage,
  saveVoiceRating,
  saveVoiceSettings,
  type VoiceScope,
  voiceSettingsFor,
} from "./repository";
import { speakableText } from "./speakable";
import type { TicketSigner } from "./ticket";

export type VoiceServiceDeps = {
  db: Database;
  speech: SpeechEngine;
  transcription: TranscriptionEngine | null;
  tickets: TicketSigner;
  now: () => number;
  log: FastifyBaseLogger;
};

const SOURCE_ORDER: readonly VoiceSource[] = ["conversation", "character", "default"];

const upgradeRequired = () => new AppError(403, "forbidden", VOICE_MESSAGES.upgradeRefusal);
const unavailable = (message: string = VOICE_MESSAGES.unavailable) =>
  new AppError(503, "voice_unavailable", message);

export function createVoiceService(deps: VoiceServiceDeps) {
  const { db, speech } = deps;
  const voiceById = (id: string): Voice | undefined => speech.voices.find((voice) => voice.id === id);

  function requireVoice(user: UserRow): void {
    if (!can(user, "listen")) throw upgradeRequired();
  }

  async function requireEngine(): Promise<void> {
    if (!(await speech.available())) throw unavailable();
  }

  /** The conversation's voice: its own, else its character's, else the member's default (one the engine has). */
  async function chosenVoice(userId: string, subjects: { conversationId: string; characterId: string }) {
    const rows = await voiceSettingsFor(db, userId, subjects);
    for (const source of SOURCE_ORDER) {
      const row = rows.find((r) => r.scope === source);
      const voice = row ? voiceById(row.voiceId) : undefined;
      if (voice) return { voice, source };
    }
    return null;
  }

  return {
    async config(): Promise<VoiceConfig> {
      const available = await speech.available();
      return {
        tts: { available, engine: available ? speech.name : null },
        stt: { available: deps.transcription !== null },
      };
    },

    async listVoices(user: UserRow, filter: VoiceFilter): Promise<VoiceListResponse> {
      requireVoice(user);
      // The catalogue even when the engine is down: playback says so (503), the config tells the client.
      return {
        engine: speech.name,
        data: speech.voices.filter((voice) => filter === "all" || voice.gender === filter),
      };
    },

    async conversationVoice(user: UserRow, conversationId: string): Promise<ConversationVoice> {
      requireVoice(user);
      const conversation = await findOwnedConversation(db, user.id, conversationId);
      if (!conversation) throw notFound();
      return presentConversationVoice(
        conversationId,
        await chosenVoice(user.id, { conversationId, characterId: conversation.characterId }),
      );
    },

    async setConversationVoice(
      user: UserRow,
      conversationId: string,
      body: SetConversationVoiceBody,
    ): Promise<ConversationVoice> {
      requireVoice(user);
      const conversation = await findOwnedConversation(db, user.id, conversationId);
      if (!conversation) throw notFound();
      const voice = voiceById(body.voice_id);
      if (!voice) {
        throw new AppError(400, "validation_error", "This voice is not offered here.", {
          voice_id: "This voice is not offered here.",
        });
      }
      const scopes: { scope: VoiceScope; subjectId: string }[] = [
        { scope: "conversation", subjectId: conversationId },
      ];
      if (body.for_character) scopes.push({ scope: "character", subjectId: conversation.characterId });
      if (body.as_default) scopes.push({ scope: "default", subjectId: user.id });
      await saveVoiceSettings(db, user.id, voice.id, scopes);
      return presentConversationVoice(conversationId, { voice, source: "conversation" });
    },

    /** A playback address for one of the member's messages, in the conversation's voice. */
    async speechTicket(user: UserRow, messageId: string): Promise<SpeechTicket> {
      requireVoice(user);
      const message = await findOwnedMessage(db, user.id, messageId);
      if (!message) throw notFound();
      await requireEngine();
      const chosen = await chosenVoice(user.id, message);
      const voice = chosen?.voice ?? speech.voices[0];
      if (!voice) throw unavailable();
      const expiresAt = deps.now() + VOICE_LIMITS.speechTicketTtlMs;
      const token = deps.tickets.sign({ messageId, userId: user.id, voiceId: voice.id, expiresAt });
      return presentSpeechTicket(token, voice.id, expiresAt);
    },

    /** The audio of a ticket's message, streaming from the engine. */
    async openAudio(token: string, signal: AbortSignal): Promise<SpeechAudio> {
      const ticket = deps.tickets.verify(token, deps.now());
      if (!ticket) throw new AppError(403, "forbidden", VOICE_MESSAGES.ticketInvalid);
      const message = await findOwnedMessage(db, ticket.userId, ticket.messageId);
      if (!message) throw notFound();
      const text = speakableText(message.content, {
        char: message.characterName,
        user: message.personaName ?? "you",
      });
      if (!text) throw new AppError(400, "validation_error", VOICE_MESSAGES.emptyMessage);
      try {
        return await speech.speak({ text, voiceId: ticket.voiceId }, signal);
      } catch (error) {
        if (!(error instanceof VoiceEngineError)) throw error;
        deps.log.warn({ engine: speech.name, reason: error.message }, "speech failed");
        throw unavailable();
      }
    },

    async rate(user: UserRow, body: VoiceRatingBody): Promise<VoiceRatingResponse> {
      requireVoice(user);
      const message = await findOwnedMessage(db, user.id, body.message_id);
      if (!message) throw notFound();
      if (!voiceById(body.voice_id)) {
        throw new AppError(400, "validation_error", "This voice is not offered here.", {
          voice_id: "This voice is not offered here.",
        });
      }
      await saveVoiceRating(db, {
        userId: user.id,
        messageId: body.message_id,
        voiceId: body.voice_id,
        engine: speech.name,
        rating: body.rating,
      });
      return presentVoiceRating(body.message_id, body.voice_id, body.rating);
    },

    async transcribe(recording: Recording, signal: AbortSignal): Promise<string> {
      if (!deps.transcription) throw unavailable(VOICE_MESSAGES.transcriptionUnavailable);
      try {
        return await deps.transcription.transcribe(recording, signal);
      } catch (error) {
        if (!(error instanceof VoiceEngineError)) throw error;
        deps.log.warn({ reason: error.message }, "transcription failed");
        throw unavailable(VOICE_MESSAGES.transcriptionUnavailable);
      }
    },
  };
}

export type VoiceService = ReturnType<typeof createVoiceService>;
