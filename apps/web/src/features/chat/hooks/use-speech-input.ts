import { useCallback, useEffect, useRef, useState } from "react";
import { transcribe } from "../api/voice";

/** The part of the Web Speech API's recognition used here (not in TypeScript's DOM types yet). */
type RecognitionResultList = ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
type Recognition = {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((event: { results: RecognitionResultList }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
};
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === "undefined") return null;
  const scope = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

function canRecord(): boolean {
  return (
    typeof window !== "undefined" &&
    typeof window.MediaRecorder !== "undefined" &&
    typeof navigator.mediaDevices?.getUserMedia === "function"
  );
}

/**
 * How speech input works here: the browser's own recognition where it has one; else a recording sent to
 * the server's transcription engine (when it has one); else none (the button is not shown).
 */
export type SpeechInputMode = "recognition" | "recording" | "none";

export function speechInputMode(serverTranscribes: boolean): SpeechInputMode {
  if (recognitionConstructor()) return "recognition";
  if (serverTranscribes && canRecord()) return "recording";
  return "none";
}

/** Adds what was heard to the text being written, with one space between. */
export function appendSpoken(current: string, spoken: string): string {
  const heard = spoken.trim();
  if (!heard) return current;
  return current.trim() ? `${current.replace(/\s+$/, "")} ${heard}` : heard;
}

const DENIED_ERRORS = ["not-allowed", "service-not-allowed", "NotAllowedError", "SecurityError"];

/**
 * Speech input (chat spec 4): toggles listening. `permissionDenied` is set when the browser has not been
 * allowed to use the microphone (the chat shows the microphone permission modal).
 */
export function useSpeechInput(serverTranscribes: boolean, onText: (text: string) => void) {
  const mode = speechInputMode(serverTranscribes);
  const [listening, setListening] = useState(false);
  const [transcribing, setTranscribing] = useState(false);
  const [permissionDenied, setPermissionDenied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const recognition = useRef<Recognition | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const onTextRef = useRef(onText);
  onTextRef.current = onText;

  const stop = useCallback(() => {
    recognition.current?.stop();
    if (recorder.current?.state === "recording") recorder.current.stop();
  }, []);

  useEffect(
    () => () => {
      recognition.current?.abort();
      if (recorder.current?.state === "recording") recorder.current.stop();
    },
    [],
  );

  const startRecognition = (Constructor: RecognitionConstructor) => {
    const rec = new Constructor();
    rec.lang = navigator.language || "en-US";
    rec.interimResults = false;
    rec.continuous = false;
    rec.onresult = (event) => {
      const heard = Array.from(event.results)
        .filter((result) => result.isFinal)
        .map((result) => result[0]?.transcript ?? "")
        .join(" ");
      if (heard.trim()) onTextRef.current(heard);
    };
    rec.onerror = (event) => {
      if (DENIED_ERRORS.includes(event.error)) setPermissionDenied(true);
      else if (event.error !== "no-speech" && event.error !== "aborted")
        setError("Speech input stopped. Please try again.");
    };
    rec.onend = () => {
      recognition.current = null;
      setListening(false);
    };
    recognition.current = rec;
    rec.start();
    setListening(true);
  };

  const startRecording = async () => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (failure) {
      if (failure instanceof DOMException && DENIED_ERRORS.includes(failure.name)) setPermissionDenied(true);
      else setError("No microphone could be opened.");
      return;
    }
    const chunks: Blob[] = [];
    const rec = new MediaRecorder(stream);
    rec.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    rec.onstop = async () => {
      for (const track of stream.getTracks()) track.stop();
      recorder.current = null;
      setListening(false);
      const recording = new Blob(chunks, { type: rec.mimeType || "audio/webm" });
      if (recording.size === 0) return;
      setTranscribing(true);
      try {
        onTextRef.current(await transcribe(recording));
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : "Your speech could not be transcribed.");
      } finally {
        setTranscribing(false);
      }
    };
    recorder.current = rec;
    rec.start();
    setListening(true);
  };

  const start = async () => {
    setError(null);
    // Known to be refused: say so at once instead of asking again.
    try {
      const status = await navigator.permissions?.query({ name: "microphone" as PermissionName });
      if (status?.state === "denied") {
        setPermissionDenied(true);
        return;
      }
    } catch {
      // Browsers that cannot query the microphone permission ask when it is used.
    }
    const Constructor = recognitionConstructor();
    if (Constructor) startRecognition(Constructor);
    else if (mode === "recording") await startRecording();
  };

  const toggle = () => {
    if (listening) stop();
    else void start();
  };

  return {
    mode,
    listening,
    transcribing,
    error,
    toggle,
    permissionDenied,
    dismissPermission: () => setPermissionDenied(false),
  };
}
