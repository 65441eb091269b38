import {
  type ConversationVoice,
  conversationVoiceSchema,
  type SetConversationVoiceBody,
  type SpeechTicket,
  speechTicketSchema,
  transcriptionResponseSchema,
  type VoiceConfig,
  type VoiceFilter,
  type VoiceListResponse,
  type VoiceRatingBody,
  voiceConfigSchema,
  voiceListResponseSchema,
  voiceRatingResponseSchema,
} from "@hearth/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

export const voiceKeys = {
  config: ["voice", "config"] as const,
  voices: (filter: VoiceFilter) => ["voice", "voices", filter] as const,
  conversation: (id: string) => ["voice", "conversation", id] as const,
};

/** What this server offers: speech (and its engine) and transcription. Read once a session. */
export function useVoiceConfig(enabled = true) {
  return useQuery<VoiceConfig>({
    queryKey: voiceKeys.config,
    queryFn: () => apiFetch("/voice/config", { schema: voiceConfigSchema }),
    staleTime: 10 * 60_000,
    enabled,
  });
}

export function useVoices(filter: VoiceFilter, enabled: boolean) {
  return useQuery<VoiceListResponse>({
    queryKey: voiceKeys.voices(filter),
    queryFn: () => apiFetch(`/voice/voices?gender=${filter}`, { schema: voiceListResponseSchema }),
    staleTime: 10 * 60_000,
    enabled,
  });
}

/** The conversation's voice (its own, its character's or the member's default); null voice: none chosen. */
export function useConversationVoice(conversationId: string | null, enabled: boolean) {
  return useQuery<ConversationVoice>({
    queryKey: voiceKeys.conversation(conversationId ?? ""),
    queryFn: () =>
      apiFetch(`/conversations/${encodeURIComponent(conversationId ?? "")}/voice`, {
        schema: conversationVoiceSchema,
      }),
    staleTime: 5 * 60_000,
    enabled: enabled && conversationId !== null,
  });
}

/** Sets the conversation's voice; every voice button of the chat reads the new one from the cache. */
export function useSetConversationVoice() {
  const queryClient = useQueryClient();
  return async (conversationId: string, body: SetConversationVoiceBody): Promise<ConversationVoice> => {
    const saved = await apiFetch(`/conversations/${encodeURIComponent(conversationId)}/voice`, {
      method: "PUT",
      body,
      schema: conversationVoiceSchema,
    });
    queryClient.setQueryData(voiceKeys.conversation(conversationId), saved);
    return saved;
  };
}

/** A playback address for a message (an <audio> element's src; the audio streams as it is spoken). */
export function requestSpeech(messageId: string): Promise<SpeechTicket> {
  return apiFetch("/voice/speech", {
    method: "POST",
    body: { message_id: messageId },
    schema: speechTicketSchema,
  });
}

export function rateVoice(body: VoiceRatingBody) {
  return apiFetch("/voice/ratings", { method: "POST", body, schema: voiceRatingResponseSchema });
}

/** Sends a recording to the server's transcription engine; answers the text heard. */
export async function transcribe(recording: Blob, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  const extension = recording.type.includes("ogg") ? "ogg" : recording.type.includes("mp4") ? "m4a" : "webm";
  form.append("file", recording, `speech.${extension}`);
  const result = await apiFetch("/voice/transcriptions", {
    method: "POST",
    body: form,
    schema: transcriptionResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return result.text;
}
