import { Mic, MicOff } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { useVoiceConfig } from "../api/voice";
import { useSpeechInput } from "../hooks/use-speech-input";
import { MicrophonePermissionModal } from "./microphone-permission-modal";

/**
 * The input bar's microphone (chat spec 4): toggles listening, and shows that it listens. The browser's
 * own speech recognition where it has one, else a recording the server transcribes (STT_BASE_URL); with
 * neither, no button. When the browser may not use the microphone, the microphone permission modal.
 */
export function SpeechInputButton({
  onText,
  disabled,
}: {
  onText: (text: string) => void;
  disabled: boolean;
}) {
  const config = useVoiceConfig();
  const speech = useSpeechInput(config.data?.stt.available === true, onText);
  if (speech.mode === "none") return null;
  const label = speech.transcribing
    ? "Transcribing your speech"
    : speech.listening
      ? "Stop listening"
      : "Speak your message";
  return (
    <>
      <span className="relative shrink-0">
        <Button
          variant={speech.listening ? "secondary" : "ghost"}
          size="icon"
          className={cn("rounded-2xl", speech.listening && "text-danger ring-2 ring-danger/60")}
          aria-label={label}
          aria-pressed={speech.listening}
          title={speech.error ?? label}
          loading={speech.transcribing}
          disabled={disabled && !speech.listening}
          onClick={speech.toggle}
        >
          {speech.transcribing ? null : speech.listening ? (
            <MicOff aria-hidden="true" className="h-5 w-5" />
          ) : (
            <Mic aria-hidden="true" className="h-5 w-5" />
          )}
        </Button>
        {speech.listening ? (
          <span aria-hidden="true" className="absolute top-1 right-1 flex h-2.5 w-2.5">
            <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-danger opacity-75" />
            <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-danger" />
          </span>
        ) : null}
        {speech.listening ? (
          <span role="status" className="sr-only">
            Listening…
          </span>
        ) : null}
      </span>
      {speech.error ? (
        <span role="alert" className="sr-only">
          {speech.error}
        </span>
      ) : null}
      <MicrophonePermissionModal
        open={speech.permissionDenied}
        onOpenChange={(open) => {
          if (!open) speech.dismissPermission();
        }}
      />
    </>
  );
}
