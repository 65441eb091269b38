import { VOICE_FILTERS, VOICE_MESSAGES, type Voice, type VoiceFilter } from "@hearth/contracts";
import { Mars, Venus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { SheetDialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { useSetConversationVoice, useVoices } from "../api/voice";

const FILTER_LABELS: Record<VoiceFilter, string> = { all: "All", male: "Male", female: "Female" };

/**
 * The voice selection modal (chat spec 2): voices with their gender, filtered all / male / female; the
 * chosen one becomes the conversation's, and by default the character's (new chats with it start with
 * it); optionally the member's default voice.
 */
export function VoiceSelectionModal({
  open,
  onOpenChange,
  conversationId,
  currentVoiceId,
  characterName,
  onChosen,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  conversationId: string;
  currentVoiceId: string | null;
  characterName: string;
  onChosen?: (voice: Voice) => void;
}) {
  const [filter, setFilter] = useState<VoiceFilter>("all");
  const [selected, setSelected] = useState<string | null>(currentVoiceId);
  const [forCharacter, setForCharacter] = useState(true);
  const [asDefault, setAsDefault] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const voices = useVoices(filter, open);
  const setVoice = useSetConversationVoice();
  const filterId = useId();

  useEffect(() => {
    if (open) {
      setSelected(currentVoiceId);
      setError(null);
    }
  }, [open, currentVoiceId]);

  const save = async () => {
    if (!selected) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await setVoice(conversationId, {
        voice_id: selected,
        for_character: forCharacter,
        as_default: asDefault,
      });
      onOpenChange(false);
      if (saved.voice) onChosen?.(saved.voice);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "The voice could not be saved.");
    } finally {
      setSaving(false);
    }
  };

  const list = voices.data?.data ?? [];
  return (
    <SheetDialog
      open={open}
      onOpenChange={onOpenChange}
      title={VOICE_MESSAGES.selectionTitle}
      description={`How ${characterName} sounds when you play a reply.`}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={!selected}>
            Use this voice
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <fieldset aria-labelledby={filterId} className="flex flex-col gap-1.5">
          <span id={filterId} className="text-xs font-semibold tracking-wide text-text-3 uppercase">
            Show
          </span>
          <div className="grid grid-cols-3 gap-1 rounded-xl bg-surface-2 p-1 ring-1 ring-surface-3">
            {VOICE_FILTERS.map((value) => (
              <label
                key={value}
                className={cn(
                  "flex h-9 cursor-pointer items-center justify-center rounded-lg text-sm font-semibold transition-colors",
                  "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-400",
                  filter === value ? "bg-surface-0 text-text-1 shadow-sm" : "text-text-2 hover:text-text-1",
                )}
              >
                <input
                  type="radio"
                  name="voice-filter"
                  value={value}
                  className="sr-only"
                  checked={filter === value}
                  onChange={() => setFilter(value)}
                />
                {FILTER_LABELS[value]}
              </label>
            ))}
          </div>
        </fieldset>

        {voices.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading voices" />
          </div>
        ) : voices.isError ? (
          <Alert>{voices.error instanceof Error ? voices.error.message : VOICE_MESSAGES.unavailable}</Alert>
        ) : list.length === 0 ? (
          <p className="py-4 text-center text-sm text-text-3">No voices of this kind here.</p>
        ) : (
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">Voice</legend>
            {list.map((voice) => (
              <label
                key={voice.id}
                className={cn(
                  "flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 text-sm transition-colors",
                  selected === voice.id
                    ? "border-brand-400 bg-brand-500/10"
                    : "border-surface-3 hover:bg-surface-2",
                )}
              >
                <input
                  type="radio"
                  name="voice"
                  className="accent-brand-500"
                  checked={selected === voice.id}
                  onChange={() => setSelected(voice.id)}
                />
                <span
                  aria-hidden="true"
                  className={cn(
                    "flex h-8 w-8 shrink-0 items-center justify-center rounded-full",
                    voice.gender === "female"
                      ? "bg-accent-500/15 text-accent-400"
                      : "bg-brand-500/15 text-brand-300",
                  )}
                >
                  {voice.gender === "female" ? <Venus className="h-4 w-4" /> : <Mars className="h-4 w-4" />}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-text-1">{voice.name}</span>
                  <span className="block text-xs text-text-3">{voice.description}</span>
                </span>
                <Badge variant="neutral">{voice.gender === "female" ? "Female" : "Male"}</Badge>
              </label>
            ))}
          </fieldset>
        )}

        <div className="flex flex-col gap-2 border-t border-surface-3 pt-3 text-sm text-text-2">
          <label className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-500"
              checked={forCharacter}
              onChange={(event) => setForCharacter(event.target.checked)}
            />
            Use it for new chats with {characterName}
          </label>
          <label className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-500"
              checked={asDefault}
              onChange={(event) => setAsDefault(event.target.checked)}
            />
            Make it my default voice
          </label>
        </div>
        {error ? <Alert>{error}</Alert> : null}
      </div>
    </SheetDialog>
  );
}
