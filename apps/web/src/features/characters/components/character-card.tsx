import type { CharacterCard as CardCharacter } from "@hearth/contracts";
import { Info, MessageCircle, ThumbsUp } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "../../../components/ui/cn";
import { formatCompactNumber, formatFullNumber, ratingText } from "../lib/format";
import { useHideNsfwAvatars } from "../lib/use-hide-nsfw-avatars";
import { CharacterAvatar } from "./character-avatar";

/** Tag chips shown on a card (the profile page lists them all). */
export const CARD_MAX_TAGS = 3;

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

export type CharacterCardProps = {
  character: CardCharacter;
  /** Extra controls under the tags (e.g. Unfavorite), above the card link. */
  footer?: ReactNode;
  className?: string;
};

/**
 * A character tile: the whole card opens the chat (`/chat/{id}`); the creator link and the profile
 * link (`/chatbot/{id}`) sit above the card link and stay separately focusable.
 */
export function CharacterCard({ character, footer, className }: CharacterCardProps) {
  const hideNsfw = useHideNsfwAvatars();
  const { id, name, title, creator_username: creator, tags, num_messages } = character;
  const shownTags = tags.slice(0, CARD_MAX_TAGS);
  const rating = ratingText(character);

  return (
    <article
      className={cn(
        "group relative flex h-full flex-col overflow-hidden rounded-2xl bg-surface-1 ring-1 ring-surface-3",
        "shadow-sm shadow-black/5 transition duration-200 hover:-translate-y-0.5 hover:shadow-xl hover:shadow-brand-600/10 hover:ring-brand-500/50",
        "motion-reduce:transition-none motion-reduce:hover:translate-y-0",
        // The card link's focus ring is drawn on the card (the article clips anything drawn outside it).
        "has-[[data-card-link]:focus-visible]:ring-2 has-[[data-card-link]:focus-visible]:ring-brand-500",
        "has-[[data-card-link]:focus-visible]:ring-offset-2 has-[[data-card-link]:focus-visible]:ring-offset-surface-0",
        className,
      )}
    >
      <div className="relative aspect-[4/5] overflow-hidden bg-surface-2">
        <CharacterAvatar
          seed={id}
          name={name}
          src={character.avatar_url}
          hidden={character.avatar_is_nsfw && hideNsfw}
          width={320}
          height={400}
          imageClassName="transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 bottom-0 h-2/5 bg-gradient-to-t from-black/70 to-transparent"
        />
        {character.is_nsfw ? (
          <span className="absolute top-2 left-2 rounded-md bg-black/65 px-1.5 py-0.5 text-[11px] font-bold tracking-wide text-white">
            18+
          </span>
        ) : null}
        <dl className="absolute bottom-2 left-2 flex items-center gap-1.5 text-xs font-semibold text-white">
          <div
            className="flex items-center gap-1 rounded-full bg-black/60 px-2 py-1 backdrop-blur-sm"
            title={`${formatFullNumber(num_messages)} messages`}
          >
            <dt className="sr-only">Messages</dt>
            <MessageCircle aria-hidden="true" className="h-3.5 w-3.5" />
            <dd>{formatCompactNumber(num_messages)}</dd>
          </div>
          <div
            className="flex items-center gap-1 rounded-full bg-black/60 px-2 py-1 backdrop-blur-sm"
            title={rating.full}
          >
            <dt className="sr-only">Rating</dt>
            <ThumbsUp aria-hidden="true" className="h-3.5 w-3.5" />
            <dd>{rating.short}</dd>
          </div>
        </dl>
      </div>

      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="truncate text-[15px] leading-snug font-semibold text-text-1">
          <Link
            to={`/chat/${id}`}
            aria-label={`Chat with ${name}`}
            data-card-link=""
            className="outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']"
          >
            {name}
          </Link>
        </h3>
        {title ? (
          <p className="line-clamp-2 min-h-[2lh] text-[13px] leading-snug text-text-2">{title}</p>
        ) : null}
        {creator ? (
          <Link
            to={`/creator/${encodeURIComponent(creator)}`}
            className={cn(
              "relative z-10 self-start truncate rounded text-xs font-medium text-text-3 hover:text-text-1 hover:underline",
              focusRing,
            )}
          >
            @{creator}
          </Link>
        ) : null}
        {shownTags.length > 0 ? (
          <ul aria-label="Tags" className="mt-auto flex flex-wrap gap-1 pt-1.5">
            {shownTags.map((tag) => (
              <li
                key={tag}
                className="max-w-full truncate rounded-full bg-surface-2 px-2 py-0.5 text-[11px] font-medium text-text-2 ring-1 ring-surface-3 ring-inset"
              >
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        {footer ? <div className="relative z-10 pt-2">{footer}</div> : null}
      </div>

      <Link
        to={`/chatbot/${id}`}
        aria-label={`View ${name}'s profile`}
        title="View profile"
        className={cn(
          "absolute top-2 right-2 z-10 flex h-8 w-8 items-center justify-center rounded-full bg-black/55 text-white backdrop-blur-sm",
          "transition-colors hover:bg-black/80",
          focusRing,
        )}
      >
        <Info aria-hidden="true" className="h-4 w-4" />
      </Link>
    </article>
  );
}

/** Placeholder with the card's shape, shown while the list loads. */
export function CharacterCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-full flex-col overflow-hidden rounded-2xl bg-surface-1 ring-1 ring-surface-3"
    >
      <div className="aspect-[4/5] animate-pulse bg-surface-2 motion-reduce:animate-none" />
      <div className="flex flex-col gap-2 p-3">
        <div className="h-4 w-2/3 animate-pulse rounded bg-surface-2 motion-reduce:animate-none" />
        <div className="h-3 w-full animate-pulse rounded bg-surface-2 motion-reduce:animate-none" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-surface-2 motion-reduce:animate-none" />
        <div className="mt-1 flex gap-1">
          <div className="h-4 w-12 animate-pulse rounded-full bg-surface-2 motion-reduce:animate-none" />
          <div className="h-4 w-10 animate-pulse rounded-full bg-surface-2 motion-reduce:animate-none" />
        </div>
      </div>
    </div>
  );
}
