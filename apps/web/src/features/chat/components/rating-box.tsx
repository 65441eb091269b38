import { MESSAGE_RATING_WORDS } from "@hearth/contracts";
import { Star, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { RATING_REASONS, type RatingWord, ratingValue } from "../lib/feedback-options";

/** Room the sticky input bar takes at the bottom of the screen. */
const INPUT_BAR_ALLOWANCE_PX = 110;

export type RatingBoxProps = {
  /** The word already given to this message, when the member rated it from this box. */
  rated: RatingWord | null;
  onRate: (rating: number) => Promise<boolean>;
  onLabel: (label: string) => Promise<boolean>;
  onClose: () => void;
};

/**
 * Rates a bot message (chat spec 4): a star (Terrible, Bad, Great, Fantastic) submits at once; then its
 * reasons are offered as a follow-up label, which submits too. Dismissable at any point.
 */
export function RatingBox({ rated, onRate, onLabel, onClose }: RatingBoxProps) {
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const firstReason = useRef<HTMLButtonElement>(null);
  // The box opens under the last message, behind the input bar: bring it into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: also when the reasons appear
  useEffect(() => {
    const box = ref.current?.getBoundingClientRect();
    const visibleBottom = window.innerHeight - INPUT_BAR_ALLOWANCE_PX;
    if (box && box.bottom > visibleBottom)
      window.scrollBy({ top: box.bottom - visibleBottom, behavior: "smooth" });
  }, [rated]);
  // The stars are disabled once one is given: the focus moves on to the follow-up reasons.
  useEffect(() => {
    if (rated) firstReason.current?.focus();
  }, [rated]);

  const send = async (submit: () => Promise<boolean>) => {
    setPending(true);
    setFailed(false);
    const ok = await submit();
    setPending(false);
    if (!ok) setFailed(true);
  };

  return (
    <section
      ref={ref}
      aria-label="Rate this message"
      className="mt-2 rounded-2xl border border-surface-3 bg-surface-1 p-3 shadow-lg shadow-black/20"
    >
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-text-1">How was this reply?</p>
        <button
          type="button"
          aria-label="Close rating"
          onClick={onClose}
          className="inline-flex h-7 w-7 items-center justify-center rounded-lg text-text-3 hover:bg-surface-2 hover:text-text-1 focus-visible:outline-2 focus-visible:outline-brand-400"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
      <div role="radiogroup" aria-label="Rating" className="mt-2 grid grid-cols-4 gap-1.5">
        {MESSAGE_RATING_WORDS.map((item, index) => (
          // biome-ignore lint/a11y/useSemanticElements: a radio group of buttons reads better than native radios here
          <button
            key={item}
            type="button"
            role="radio"
            aria-checked={rated === item}
            disabled={pending || rated !== null}
            onClick={() => void send(() => onRate(ratingValue(item)))}
            className={cn(
              "flex flex-col items-center gap-1 rounded-xl border px-1 py-2 text-xs font-medium transition-colors",
              "focus-visible:outline-2 focus-visible:outline-brand-400 disabled:cursor-default",
              rated === item
                ? "border-brand-400 bg-brand-500/15 text-text-1"
                : "border-surface-3 text-text-2 enabled:hover:bg-surface-2",
            )}
          >
            <span aria-hidden="true" className="flex">
              {MESSAGE_RATING_WORDS.slice(0, index + 1).map((star) => (
                <Star key={star} className="h-3 w-3 fill-amber-400 text-amber-400" />
              ))}
            </span>
            {item}
          </button>
        ))}
      </div>
      {rated ? (
        <div className="mt-3">
          <p className="text-xs text-text-3">What made it {rated.toLowerCase()}? (optional)</p>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            {RATING_REASONS[rated].map((reason, index) => (
              <Button
                key={reason}
                ref={index === 0 ? firstReason : undefined}
                variant="secondary"
                size="sm"
                disabled={pending}
                onClick={() => void send(() => onLabel(reason))}
              >
                {reason}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
      {failed ? (
        <p role="alert" className="mt-2 text-xs font-medium text-danger">
          Failed to submit rating
        </p>
      ) : null}
    </section>
  );
}
