import { VOICE_LIMITS } from "@hearth/contracts";
import { Square, Star, Volume2, X } from "lucide-react";
import { useContext, useState } from "react";
import { cn } from "../../../components/ui/cn";
import { SessionContext, useSession } from "../../../lib/session";
import { rateVoice, requestSpeech, useConversationVoice, useVoiceConfig } from "../api/voice";
import { useVoicePlayer, voicePlayer } from "../hooks/use-voice-player";
import { VoiceSelectionModal } from "./voice-selection-modal";
import { VoiceUpgradeModal } from "./voice-upgrade-modal";

/** The message actions' look (message-item.tsx): 44px touch targets on phones, compact from sm on. */
const actionButton =
  "inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-1.5 text-xs font-medium text-text-3 sm:h-8 sm:min-w-8 " +
  "transition-colors hover:bg-surface-2 hover:text-text-1 focus-visible:outline-2 focus-visible:outline-brand-400 " +
  "disabled:pointer-events-none disabled:opacity-40";

/** Whether the signed-in member may use voice: the text-to-speech permission and the premium role. */
export function useVoiceAccess() {
  const session = useSession();
  const user = session.status === "member" ? session.user : null;
  const allowed =
    user !== null &&
    session.permissions.includes("text-to-speech") &&
    (user.role === "premium" || user.role === "admin");
  return { member: user !== null, allowed };
}

/**
 * A reply's voice button (chat spec 4): idle (without access: the upgrade prompt; without a voice: the
 * voice selection), play, stop. Shown to members when the server can speak. After a playback the voice
 * quality can be rated.
 */
export function VoiceButton(props: VoiceButtonProps) {
  // Members only; a message rendered outside the app's session (a unit test) has no voice button.
  const session = useContext(SessionContext);
  if (session?.status !== "member") return null;
  return <MemberVoiceButton {...props} />;
}

type VoiceButtonProps = { messageId: string; conversationId: string; characterName: string };

function MemberVoiceButton({ messageId, conversationId, characterName }: VoiceButtonProps) {
  const { member, allowed } = useVoiceAccess();
  const config = useVoiceConfig(member);
  const available = config.data?.tts.available === true;
  const chosen = useConversationVoice(conversationId, allowed && available);
  const player = useVoicePlayer();
  const [modal, setModal] = useState<"upgrade" | "select" | null>(null);
  if (!member || !available) return null;

  const mine = player.messageId === messageId;
  const active = mine && player.status !== "idle";
  const finished = player.finishedId === messageId;

  const play = async () => {
    voicePlayer.loading(messageId);
    try {
      const ticket = await requestSpeech(messageId);
      await voicePlayer.play(messageId, ticket.url, ticket.voice_id);
    } catch (error) {
      voicePlayer.failed(error instanceof Error ? error.message : "The voice could not be played.");
    }
  };

  const onClick = () => {
    if (active) voicePlayer.stop();
    else if (!allowed) setModal("upgrade");
    else if (!chosen.data?.voice) setModal("select");
    else void play();
  };

  return (
    <>
      <button
        type="button"
        className={cn(actionButton, active && "text-brand-300")}
        aria-label={active ? "Stop voice" : "Play voice"}
        data-voice-state={active ? player.status : "idle"}
        disabled={allowed && chosen.isPending}
        onClick={onClick}
      >
        {active && player.status === "loading" ? (
          <span
            aria-hidden="true"
            className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
          />
        ) : active ? (
          <Square aria-hidden="true" className="h-3.5 w-3.5 fill-current" />
        ) : (
          <Volume2 aria-hidden="true" className="h-4 w-4" />
        )}
      </button>
      {finished && player.error ? (
        <p role="alert" className="order-last basis-full px-1 text-xs text-danger">
          {player.error}
        </p>
      ) : null}
      {finished && !player.error && allowed && player.voiceId ? (
        <VoiceRating messageId={messageId} voiceId={player.voiceId} />
      ) : null}
      <VoiceUpgradeModal
        open={modal === "upgrade"}
        onOpenChange={(open) => setModal(open ? "upgrade" : null)}
      />
      {allowed ? (
        <VoiceSelectionModal
          open={modal === "select"}
          onOpenChange={(open) => setModal(open ? "select" : null)}
          conversationId={conversationId}
          currentVoiceId={chosen.data?.voice?.id ?? null}
          characterName={characterName}
          onChosen={() => void play()}
        />
      ) : null}
    </>
  );
}

/** 'How did the voice sound?': 1 to 5 stars for the voice of the reply just played (spec 7: rate voice quality). */
function VoiceRating({ messageId, voiceId }: { messageId: string; voiceId: string }) {
  const [state, setState] = useState<"open" | "sending" | "done" | "failed" | "closed">("open");
  const [hover, setHover] = useState(0);
  if (state === "closed") return null;
  if (state === "done") {
    return (
      <p role="status" className="order-last basis-full px-1 text-xs text-success">
        Thanks! Your rating helps us pick better voices.
      </p>
    );
  }
  const stars = Array.from(
    { length: VOICE_LIMITS.ratingMax - VOICE_LIMITS.ratingMin + 1 },
    (_, i) => VOICE_LIMITS.ratingMin + i,
  );
  const rate = async (rating: number) => {
    setState("sending");
    try {
      await rateVoice({ message_id: messageId, voice_id: voiceId, rating });
      setState("done");
    } catch {
      setState("failed");
    }
  };
  return (
    <fieldset
      className="order-last flex basis-full flex-wrap items-center gap-1 border-0 p-0 px-1 text-xs text-text-3"
      aria-label="Rate the voice"
    >
      <span className="mr-1">
        {state === "failed" ? "Failed to submit rating. Try again:" : "How did the voice sound?"}
      </span>
      {stars.map((value) => (
        <button
          key={value}
          type="button"
          className="inline-flex h-8 w-8 items-center justify-center rounded-lg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-brand-400"
          aria-label={`Rate the voice ${value} of ${VOICE_LIMITS.ratingMax}`}
          disabled={state === "sending"}
          onMouseEnter={() => setHover(value)}
          onMouseLeave={() => setHover(0)}
          onClick={() => void rate(value)}
        >
          <Star
            aria-hidden="true"
            className={cn("h-4 w-4", value <= hover && "fill-amber-400 text-amber-400")}
          />
        </button>
      ))}
      <button
        type="button"
        className="ml-1 inline-flex h-8 w-8 items-center justify-center rounded-lg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-brand-400"
        aria-label="Dismiss voice rating"
        onClick={() => setState("closed")}
      >
        <X aria-hidden="true" className="h-3.5 w-3.5" />
      </button>
    </fieldset>
  );
}
