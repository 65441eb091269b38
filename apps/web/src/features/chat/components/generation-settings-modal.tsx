import { DEFAULT_GENERATION_SETTINGS, GENERATION_LIMITS, type GenerationSettings } from "@hearth/contracts";
import { Lock } from "lucide-react";
import { useState } from "react";
import { Button, ButtonLink } from "../../../components/ui/button";
import { SheetDialog } from "../../../components/ui/dialog";
import { useOnOpen } from "../hooks/use-on-open";

type SliderKey = "max_new_tokens" | "temperature" | "top_p" | "top_k";

const SLIDERS: {
  key: SliderKey;
  label: string;
  help: string;
  limits: { min: number; max: number; step: number };
}[] = [
  {
    key: "max_new_tokens",
    label: "Max new tokens",
    help: "How long a reply can be.",
    limits: GENERATION_LIMITS.maxNewTokens,
  },
  {
    key: "temperature",
    label: "Temperature",
    help: "Higher is more creative, lower more focused.",
    limits: GENERATION_LIMITS.temperature,
  },
  {
    key: "top_p",
    label: "Top-P",
    help: "Only the most likely words adding up to this share.",
    limits: GENERATION_LIMITS.topP,
  },
  {
    key: "top_k",
    label: "Top-K",
    help: "Only this many of the most likely next words.",
    limits: GENERATION_LIMITS.topK,
  },
];

/**
 * Generation settings (chat spec 5): four sliders, stored on this device. They are active only with the
 * generation_settings permission; others see them disabled with an upgrade note.
 */
export function GenerationSettingsModal({
  open,
  onOpenChange,
  settings,
  canTune,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  settings: GenerationSettings;
  canTune: boolean;
  onSave: (settings: GenerationSettings) => void;
}) {
  const [draft, setDraft] = useState(settings);
  useOnOpen(open, () => setDraft(settings));
  return (
    <SheetDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Generation Settings"
      description="Tune how the character writes. Settings are saved on this device."
      footer={
        canTune ? (
          <>
            <Button
              variant="ghost"
              onClick={() =>
                setDraft({ ...DEFAULT_GENERATION_SETTINGS, inference_model_id: draft.inference_model_id })
              }
            >
              Reset to defaults
            </Button>
            <Button
              onClick={() => {
                onSave(draft);
                onOpenChange(false);
              }}
            >
              Save
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        )
      }
    >
      {canTune ? null : (
        <div className="mb-4 flex gap-3 rounded-2xl border border-brand-400/40 bg-brand-500/10 p-3 text-sm">
          <Lock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-300" />
          <div>
            <p className="font-medium">Generation settings are available with True Supporter and above.</p>
            <ButtonLink to="/subscribe" size="sm" className="mt-2">
              Upgrade
            </ButtonLink>
          </div>
        </div>
      )}
      <div className="flex flex-col gap-5">
        {SLIDERS.map(({ key, label, help, limits }) => {
          const id = `gen-${key}`;
          const value = draft[key];
          return (
            <div key={key} className="flex flex-col gap-1.5">
              <div className="flex items-baseline justify-between gap-2">
                <label htmlFor={id} className="text-sm font-medium">
                  {label}
                </label>
                <output htmlFor={id} className="text-sm text-text-2 tabular-nums">
                  {value}
                </output>
              </div>
              <input
                id={id}
                type="range"
                min={limits.min}
                max={limits.max}
                step={limits.step}
                value={value}
                disabled={!canTune}
                onChange={(e) => setDraft((d) => ({ ...d, [key]: Number(e.target.value) }))}
                className="w-full accent-brand-500 disabled:opacity-50"
              />
              <p className="text-xs text-text-3">{help}</p>
            </div>
          );
        })}
      </div>
    </SheetDialog>
  );
}
