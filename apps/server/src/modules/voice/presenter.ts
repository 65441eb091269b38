import type {
  ConversationVoice,
  SpeechTicket,
  Voice,
  VoiceRatingResponse,
  VoiceSource,
} from "@hearth/contracts";

export function presentConversationVoice(
  conversationId: string,
  chosen: { voice: Voice; source: VoiceSource } | null,
): ConversationVoice {
  return { conversation_id: conversationId, voice: chosen?.voice ?? null, source: chosen?.source ?? null };
}

export function presentSpeechTicket(token: string, voiceId: string, expiresAt: number): SpeechTicket {
  return {
    url: `/api/voice/audio?token=${encodeURIComponent(token)}`,
    voice_id: voiceId,
    expires_at: new Date(expiresAt).toISOString(),
  };
}

export function presentVoiceRating(messageId: string, voiceId: string, rating: number): VoiceRatingResponse {
  return { message_id: messageId, voice_id: voiceId, rating };
}
