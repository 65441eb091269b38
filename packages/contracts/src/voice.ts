import { z } from "zod";

/**
 * Voice (chat spec 3, 4, 6 and 7): text-to-speech of a character's replies and speech input. Voices have
 * a gender and are filtered all / male / female; a conversation has a voice (set for the conversation,
 * for every chat with its character, or as the member's default); playback streams; members rate the
 * voice's quality. Voice needs the text-to-speech permission and the premium role (I'm All In).
 */

export const VOICE_GENDERS = ["male", "female"] as const;
export const voiceGenderSchema = z.enum(VOICE_GENDERS);
export type VoiceGender = z.infer<typeof voiceGenderSchema>;

export const VOICE_FILTERS = ["all", "male", "female"] as const;
export const voiceFilterSchema = z.enum(VOICE_FILTERS);
export type VoiceFilter = z.infer<typeof voiceFilterSchema>;

/** Which engine speaks: an OpenAI-compatible speech server (TTS_BASE_URL) or the embedded espeak-ng. */
export const SPEECH_ENGINES = ["openai", "espeak"] as const;
export const speechEngineSchema = z.enum(SPEECH_ENGINES);
export type SpeechEngineName = z.infer<typeof speechEngineSchema>;

export const VOICE_LIMITS = {
  /** Characters of one reply sent to the engine (OpenAI's speech API takes at most 4096). */
  speechTextMax: 4096,
  /** A recording sent for transcription (OpenAI's transcription API takes at most 25 MB). */
  recordingMaxBytes: 25 * 1024 * 1024,
  /** How long a playback address stays valid. */
  speechTicketTtlMs: 5 * 60_000,
  ratingMin: 1,
  ratingMax: 5,
} as const;

export const VOICE_MESSAGES = {
  upgradeTitle: "Voice needs I'm All In",
  upgradeText:
    "Hear every reply in the character's voice. Voice playback is part of the I'm All In plan: upgrade to listen to your chats.",
  upgradeRefusal: "Voice needs the I'm All In plan.",
  unavailable: "Voice is not available on this server right now.",
  transcriptionUnavailable: "Speech input is not available on this server.",
  emptyMessage: "This message has no text to speak.",
  ticketInvalid: "This playback link has expired. Press play again.",
  selectionTitle: "Choose a voice",
  microphoneTitle: "Allow the microphone",
  microphoneText:
    "Speech input needs your microphone. Allow it in your browser's site settings (the icon left of the address), then press the microphone button again.",
} as const;

export const voiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  gender: voiceGenderSchema,
  engine: speechEngineSchema,
  /** A short description (accent, tone). */
  description: z.string(),
});
export type Voice = z.infer<typeof voiceSchema>;

export const voiceListQuerySchema = z.object({
  gender: voiceFilterSchema.default("all"),
});
export type VoiceListQuery = z.infer<typeof voiceListQuerySchema>;

export const voiceListResponseSchema = z.object({
  engine: speechEngineSchema,
  data: z.array(voiceSchema),
});
export type VoiceListResponse = z.infer<typeof voiceListResponseSchema>;

/** `GET /api/voice/config`: what this server offers, for everyone (the buttons show or explain). */
export const voiceConfigSchema = z.object({
  tts: z.object({ available: z.boolean(), engine: speechEngineSchema.nullable() }),
  stt: z.object({ available: z.boolean() }),
});
export type VoiceConfig = z.infer<typeof voiceConfigSchema>;

/** Where a conversation's voice comes from: its own choice, the character's, the member's default. */
export const VOICE_SOURCES = ["conversation", "character", "default"] as const;
export const voiceSourceSchema = z.enum(VOICE_SOURCES);
export type VoiceSource = z.infer<typeof voiceSourceSchema>;

export const conversationVoiceSchema = z.object({
  conversation_id: z.string(),
  /** null: no voice chosen yet (the voice button opens the voice selection). */
  voice: voiceSchema.nullable(),
  source: voiceSourceSchema.nullable(),
});
export type ConversationVoice = z.infer<typeof conversationVoiceSchema>;

/**
 * `PUT /api/conversations/{id}/voice` (spec 7: set conversation voice id): the voice for this
 * conversation; `for_character` also makes it the voice of new chats with this character;
 * `as_default` makes it the member's default voice (chats with no voice of their own).
 */
export const setConversationVoiceSchema = z.object({
  voice_id: z.string().trim().min(1, "Choose a voice").max(100),
  for_character: z.boolean().default(true),
  as_default: z.boolean().default(false),
});
export type SetConversationVoiceBody = z.infer<typeof setConversationVoiceSchema>;

/** `POST /api/voice/speech`: a playback address for one of the member's messages. */
export const speechRequestSchema = z.object({
  message_id: z.uuid("Message id must be a UUID"),
});
export type SpeechRequest = z.infer<typeof speechRequestSchema>;

export const speechTicketSchema = z.object({
  /** `GET` it (an <audio> element's src): the audio streams as it is spoken. */
  url: z.string(),
  voice_id: z.string(),
  expires_at: z.string(),
});
export type SpeechTicket = z.infer<typeof speechTicketSchema>;

export const speechAudioQuerySchema = z.object({
  token: z.string().min(1, "token is required").max(2000),
});

/** `POST /api/voice/ratings`: the voice quality of a played message, 1 (poor) to 5 (excellent). */
export const voiceRatingSchema = z.object({
  message_id: z.uuid("Message id must be a UUID"),
  voice_id: z.string().trim().min(1).max(100),
  rating: z.number().int().min(VOICE_LIMITS.ratingMin).max(VOICE_LIMITS.ratingMax),
});
export type VoiceRatingBody = z.infer<typeof voiceRatingSchema>;

export const voiceRatingResponseSchema = z.object({
  message_id: z.string(),
  voice_id: z.string(),
  rating: z.number().int(),
});
export type VoiceRatingResponse = z.infer<typeof voiceRatingResponseSchema>;

export const transcriptionResponseSchema = z.object({ text: z.string() });
export type TranscriptionResponse = z.infer<typeof transcriptionResponseSchema>;
