import type { CharacterCard as CardCharacter } from "@hearth/contracts";
import { Sparkles, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { CharacterCard, CharacterCardSkeleton } from "./character-card";

/** 2 columns on phones, growing with the container up to 6 (columns stay ≥ ~160px, spec 9). */
const gridClasses =
  "grid grid-cols-2 gap-3 @lg:grid-cols-3 @lg:gap-4 @3xl:grid-cols-4 @5xl:grid-cols-5 @5xl:gap-5 @6xl:grid-cols-6";

export type CharacterGridProps = {
  characters: readonly CardCharacter[] | undefined;
  isLoading: boolean;
  error?: Error | null;
  onRetry?: () => void;
  isRetrying?: boolean;
  /** Number of placeholder cards while loading. */
  skeletonCount?: number;
  /** Replaces the default empty state (no characters). */
  empty?: ReactNode;
  /** Accessible name of the list, e.g. the id of the section heading. */
  labelledBy?: string;
  /** Extra controls per card. */
  cardFooter?: (character: CardCharacter) => ReactNode;
  className?: string;
};

/** Responsive card grid with loading, error and empty states. */
export function CharacterGrid({
  characters,
  isLoading,
  error,
  onRetry,
  isRetrying = false,
  skeletonCount = 12,
  empty,
  labelledBy,
  cardFooter,
  className,
}: CharacterGridProps) {
  let content: ReactNode;
  if (isLoading && !characters) {
    content = (
      <div role="status" aria-label="Loading characters">
        <div className={gridClasses}>
          {Array.from({ length: skeletonCount }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <CharacterCardSkeleton key={i} />
          ))}
        </div>
      </div>
    );
  } else if (error && !characters?.length) {
    content = <CharacterGridError error={error} onRetry={onRetry} isRetrying={isRetrying} />;
  } else if (!characters?.length) {
    content = empty ?? (
      <GridMessage
        icon={<Sparkles aria-hidden="true" className="h-6 w-6" />}
        title="No characters yet"
        description="Public characters will show up here as soon as creators publish them."
      />
    );
  } else {
    content = (
      <ul aria-labelledby={labelledBy} className={gridClasses}>
        {characters.map((character) => (
          <li key={character.id} className="min-w-0">
            <CharacterCard character={character} footer={cardFooter?.(character)} />
          </li>
        ))}
      </ul>
    );
  }
  return <div className={cn("@container", className)}>{content}</div>;
}

function CharacterGridError({
  error,
  onRetry,
  isRetrying,
}: {
  error: Error;
  onRetry?: () => void;
  isRetrying: boolean;
}) {
  return (
    <div role="alert">
      <GridMessage
        tone="danger"
        icon={<TriangleAlert aria-hidden="true" className="h-6 w-6" />}
        title="We couldn't load characters"
        description={error.message || "Uh oh, something went wrong"}
        action={
          onRetry ? (
            <Button variant="secondary" onClick={onRetry} loading={isRetrying}>
              Retry
            </Button>
          ) : null
        }
      />
    </div>
  );
}

export type GridMessageProps = {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  tone?: "neutral" | "danger";
};

/** Centred message box used for the grid's empty and error states. */
export function GridMessage({ icon, title, description, action, tone = "neutral" }: GridMessageProps) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-surface-3 bg-surface-1/60 px-6 py-14 text-center">
      <div
        className={cn(
          "flex h-12 w-12 items-center justify-center rounded-full",
          tone === "danger" ? "bg-danger/15 text-danger" : "bg-brand-500/15 text-brand-500",
        )}
      >
        {icon}
      </div>
      <p className="text-base font-semibold text-text-1">{title}</p>
      {description ? <p className="max-w-md text-sm text-text-2">{description}</p> : null}
      {action ? <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
