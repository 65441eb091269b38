import { Heart, ThumbsDown, ThumbsUp } from "lucide-react";
import { useState } from "react";
import type { ChatbotRating } from "../../../api/ratings";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { SheetDialog } from "../../../components/ui/dialog";
import { useOnOpen } from "../hooks/use-on-open";

/** Block creator: confirms, then hides the creator's bots from the user. */
export function BlockCreatorModal({
  open,
  onOpenChange,
  creatorName,
  onBlock,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  creatorName: string;
  onBlock: () => Promise<void>;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <SheetDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Block Creator"
      description={`Block ${creatorName}? You won't see their chatbots anymore and can't chat with them until you unblock.`}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={pending}
            onClick={async () => {
              setPending(true);
              setError(null);
              try {
                await onBlock();
                onOpenChange(false);
              } catch (failure) {
                setError(failure instanceof Error ? failure.message : "Uh oh, something went wrong");
              } finally {
                setPending(false);
              }
            }}
          >
            Block
          </Button>
        </>
      }
    >
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </SheetDialog>
  );
}

const RATING_CHOICES: { value: ChatbotRating; label: string; icon: typeof Heart }[] = [
  { value: 1, label: "Dislike", icon: ThumbsDown },
  { value: 3, label: "Like", icon: ThumbsUp },
  { value: 5, label: "Love", icon: Heart },
];

/**
 * Rate chatbot: dislike, like or love (sent as 1, 3 or 5); it opens on the member's existing rating, and
 * Done needs a changed, non-empty choice.
 */
export function RateChatbotModal({
  open,
  onOpenChange,
  characterName,
  current,
  onRate,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  characterName: string;
  current: ChatbotRating | null;
  onRate: (rating: ChatbotRating) => Promise<void>;
}) {
  const [choice, setChoice] = useState<ChatbotRating | null>(current);
  useOnOpen(open, () => setChoice(current));
  const [pending, setPending] = useState(false);
  return (
    <SheetDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Rate ${characterName}`}
      description="How do you like chatting with this character?"
      footer={
        <Button
          loading={pending}
          disabled={!choice || choice === current}
          onClick={async () => {
            if (!choice) return;
            setPending(true);
            try {
              await onRate(choice);
            } finally {
              setPending(false);
            }
          }}
        >
          Done
        </Button>
      }
    >
      <div role="radiogroup" aria-label="Rating" className="grid grid-cols-3 gap-2">
        {RATING_CHOICES.map(({ value, label, icon: Icon }) => (
          // biome-ignore lint/a11y/useSemanticElements: large tappable choices
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={choice === value}
            data-value={value}
            onClick={() => setChoice(value)}
            className={cn(
              "flex flex-col items-center gap-2 rounded-2xl border px-2 py-4 text-sm font-semibold transition-colors",
              "focus-visible:outline-2 focus-visible:outline-brand-400",
              choice === value
                ? "border-brand-400 bg-brand-500/15 text-text-1"
                : "border-surface-3 text-text-2 hover:bg-surface-2",
            )}
          >
            <Icon aria-hidden="true" className="h-6 w-6" />
            {label}
          </button>
        ))}
      </div>
    </SheetDialog>
  );
}
