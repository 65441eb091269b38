import type { CharacterCard } from "@hearth/contracts";
import { MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../../components/ui/cn";
import { formatCompactNumber, formatFullNumber } from "../lib/format";
import { useHideNsfwAvatars } from "../lib/use-hide-nsfw-avatars";
import { CharacterAvatar } from "./character-avatar";

/** Width of a card in a home row (and of its placeholder). */
export const RAIL_CARD_WIDTH = "w-36 sm:w-40 lg:w-44";

/** A compact poster for horizontal rows: picture, name, tagline and message count; opens the chat. */
export function CharacterRailCard({ character }: { character: CharacterCard }) {
  const hideNsfw = useHideNsfwAvatars();
  const { id, name, title, num_messages } = character;
  return (
    <Link
      to={`/chat/${id}`}
      aria-label={`Chat with ${name}`}
      className={cn(
        "group relative block aspect-[3/4] overflow-hidden rounded-2xl bg-surface-2 ring-1 ring-surface-3",
        "transition duration-200 hover:ring-brand-500/60 motion-reduce:transition-none",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
        RAIL_CARD_WIDTH,
      )}
    >
      <CharacterAvatar
        seed={id}
        name={name}
        src={character.avatar_url}
        hidden={character.avatar_is_nsfw && hideNsfw}
        width={176}
        height={235}
        alt=""
        imageClassName="transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
      />
      {character.is_nsfw ? (
        <span className="absolute top-2 left-2 rounded-md bg-black/65 px-1.5 py-0.5 text-[11px] font-bold tracking-wide text-white">
          18+
        </span>
      ) : null}
      <div className="absolute inset-x-0 bottom-0 flex flex-col gap-0.5 bg-gradient-to-t from-black/90 via-black/60 to-transparent px-2.5 pt-10 pb-2.5 text-white">
        <span className="truncate text-sm leading-tight font-semibold">{name}</span>
        {title ? <span className="line-clamp-2 text-xs leading-snug text-white/80">{title}</span> : null}
        <span
          className="mt-0.5 flex items-center gap-1 text-[11px] font-medium text-white/75"
          title={`${formatFullNumber(num_messages)} messages`}
        >
          <MessageCircle aria-hidden="true" className="h-3 w-3" />
          {formatCompactNumber(num_messages)}
          <span className="sr-only"> messages</span>
        </span>
      </div>
    </Link>
  );
}

export function CharacterRailCardSkeleton() {
  return (
    <div
      className={cn(
        "aspect-[3/4] animate-pulse rounded-2xl bg-surface-2 ring-1 ring-surface-3 motion-reduce:animate-none",
        RAIL_CARD_WIDTH,
      )}
    />
  );
}
