import { useSyncExternalStore } from "react";

/** What the chat's one audio player is doing: which message it speaks, and whether it is loading or playing. */
export type VoicePlayerState = {
  messageId: string | null;
  status: "idle" | "loading" | "playing";
  /** The voice of the last playback, for its rating. */
  voiceId: string | null;
  /** The message whose playback ended or was stopped last (its voice can be rated). */
  finishedId: string | null;
  error: string | null;
};

const IDLE: VoicePlayerState = {
  messageId: null,
  status: "idle",
  voiceId: null,
  finishedId: null,
  error: null,
};
let state: VoicePlayerState = IDLE;
const listeners = new Set<() => void>();
let audio: HTMLAudioElement | null = null;

function set(next: Partial<VoicePlayerState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/**
 * One <audio> element for the whole page (one reply speaks at a time), kept in the document so its state
 * can be read (e2e tests read its readyState and duration). Its src is a playback address: the browser
 * plays the audio while it still streams in.
 */
function element(): HTMLAudioElement {
  if (audio) return audio;
  const created = document.createElement("audio");
  created.dataset.testid = "voice-player";
  created.preload = "auto";
  created.hidden = true;
  created.addEventListener("playing", () => set({ status: "playing" }));
  created.addEventListener("ended", () => finish());
  created.addEventListener("error", () => {
    if (state.status !== "idle") finish("The voice could not be played. Please try again.");
  });
  document.body.append(created);
  audio = created;
  return created;
}

function finish(error: string | null = null): void {
  set({ status: "idle", finishedId: state.messageId, messageId: null, error });
}

export const voicePlayer = {
  /** Starts loading; `url` comes later (the playback address is asked for first). */
  loading(messageId: string): void {
    if (state.messageId && state.messageId !== messageId) this.stop();
    set({ messageId, status: "loading", error: null, finishedId: null });
  },
  async play(messageId: string, url: string, voiceId: string): Promise<void> {
    if (state.messageId !== messageId) return; // stopped meanwhile
    const player = element();
    set({ voiceId });
    player.src = url;
    try {
      await player.play();
    } catch (error) {
      // A stop (pause) before playback started rejects play(): that is no failure.
      if (state.messageId === messageId && !(error instanceof DOMException && error.name === "AbortError")) {
        finish("The voice could not be played. Please try again.");
      }
    }
  },
  stop(): void {
    if (audio) audio.pause();
    if (state.status !== "idle") finish();
  },
  failed(message: string): void {
    finish(message);
  },
  get: () => state,
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useVoicePlayer(): VoicePlayerState {
  return useSyncExternalStore(subscribe, voicePlayer.get, () => IDLE);
}
