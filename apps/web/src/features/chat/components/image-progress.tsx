import { IMAGE_TEXTS } from "@hearth/contracts";
import { ImageIcon, X } from "lucide-react";
import { Button } from "../../../components/ui/button";
import type { ImageRun } from "../hooks/use-image-generation";

/**
 * The image being made, at the end of the transcript: a progress bar with the sampling step where the
 * engine reports it (A1111), or why it failed.
 */
export function ImageProgress({
  run,
  characterName,
  onCancel,
  onDismiss,
}: {
  run: ImageRun;
  characterName: string;
  onCancel: () => void;
  onDismiss: () => void;
}) {
  if (run.error) {
    return (
      <div
        role="alert"
        className="my-2 flex items-start gap-3 rounded-2xl border border-danger/40 bg-surface-1/90 p-3 text-sm text-text-1"
      >
        <ImageIcon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-danger" />
        <p className="flex-1">{run.error}</p>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    );
  }
  const percent = Math.round((run.progress?.fraction ?? 0) * 100);
  const steps = run.progress?.steps ?? null;
  const step = run.progress?.step ?? null;
  const detail = steps !== null && step !== null ? `Step ${step} of ${steps}` : `${percent}%`;
  return (
    <section
      aria-label={IMAGE_TEXTS.progress}
      className="my-2 flex w-full max-w-sm flex-col gap-2 rounded-2xl bg-surface-1/90 p-3 text-sm text-text-1 ring-1 ring-surface-3"
    >
      <div className="flex items-center gap-2">
        <ImageIcon aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-300" />
        <span className="flex-1 font-medium">
          {run.targetId ? "Remaking the image" : `${characterName} is drawing`}…
        </span>
        <Button variant="ghost" size="icon" className="h-8 w-8" aria-label="Stop image" onClick={onCancel}>
          <X aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
      <div
        role="progressbar"
        aria-label={IMAGE_TEXTS.progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={detail}
        className="h-2 w-full overflow-hidden rounded-full bg-surface-3"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-brand-600 to-accent-500 transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-text-3" data-testid="image-progress-detail">
        {run.progress ? detail : "Starting…"}
      </p>
    </section>
  );
}
