import { Heart, Star, ThumbsDown, ThumbsUp } from "lucide-react";
import { type ReactNode, useState } from "react";
import { type ChatbotRating, isChatbotRating, useRateCharacter } from "../../../api/ratings";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Dialog } from "../../../components/ui/dialog";
import { useFlashMessage } from "../hooks/use-flash-message";

export const RATING_SUBMITTED = "Rating Submitted";
export const RATING_FAILED = "Failed to submit rating";

const CHOICES: readonly { value: ChatbotRating; label: string; icon: ReactNode }[] = [
  { value: 1, label: "Dislike", icon: <ThumbsDown aria-hidden="true" className="h-6 w-6" /> },
  { value: 3, label: "Like", icon: <ThumbsUp aria-hidden="true" className="h-6 w-6" /> },
  { value: 5, label: "Love", icon: <Heart aria-hidden="true" className="h-6 w-6" /> },
];

/** Done needs a choice that differs from the rating already given (chat spec 5). */
export function canSubmitRating(choice: number | null, current: number | null | undefined): boolean {
  return choice !== null && choice !== (current ?? null);
}

type RateChatbotProps = {
  characterId: string;
  name: string;
  myRating: number | null | undefined;
  conversationLength?: number;
};

/** "Rate" button and dialog: dislike, like or love, sent as 1, 3 or 5. */
export function RateChatbot({ characterId, name, myRating, conversationLength = 0 }: RateChatbotProps) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<number | null>(myRating ?? null);
  const rate = useRateCharacter(characterId);
  const { flash, show } = useFlashMessage(3000);
  const rated = CHOICES.find((c) => c.value === myRating);

  function submit() {
    if (!isChatbotRating(choice)) return;
    rate.mutate(
      { rating: choice, conversationLength },
      {
        onSuccess: () => {
          setOpen(false);
          show(RATING_SUBMITTED, "success");
        },
        onError: () => show(RATING_FAILED, "danger"),
      },
    );
  }

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setChoice(myRating ?? null);
          setOpen(true);
        }}
      >
        {rated ? rated.icon : <Star aria-hidden="true" className="h-4 w-4" />}
        {rated ? `You: ${rated.label}` : "Rate"}
      </Button>
      {flash ? (
        <p
          role={flash.tone === "danger" ? "alert" : "status"}
          className={cn(
            "fixed bottom-6 left-1/2 z-50 -translate-x-1/2 rounded-xl px-4 py-2.5 text-sm font-semibold shadow-2xl",
            flash.tone === "success" ? "bg-emerald-600 text-white" : "bg-red-700 text-white",
          )}
        >
          {flash.text}
        </p>
      ) : null}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Rate ${name}`}
        description="How do you like this chatbot? Your rating helps others find great characters."
        footer={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={submit} disabled={!canSubmitRating(choice, myRating)} loading={rate.isPending}>
              Done
            </Button>
          </>
        }
      >
        <fieldset className="grid grid-cols-3 gap-2">
          <legend className="sr-only">Your rating</legend>
          {CHOICES.map((option) => (
            <label
              key={option.value}
              className={cn(
                "flex cursor-pointer flex-col items-center gap-2 rounded-2xl border px-3 py-4 text-sm font-semibold transition-colors",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400",
                choice === option.value
                  ? "border-brand-500 bg-brand-500/15 text-text-1"
                  : "border-surface-3 bg-surface-2/50 text-text-2 hover:bg-surface-2",
              )}
            >
              <input
                type="radio"
                name="chatbot-rating"
                value={option.value}
                checked={choice === option.value}
                onChange={() => setChoice(option.value)}
                className="sr-only"
              />
              {option.icon}
              {option.label}
            </label>
          ))}
        </fieldset>
        {rate.isError ? (
          <p role="alert" className="mt-3 text-sm text-danger">
            {RATING_FAILED}
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
