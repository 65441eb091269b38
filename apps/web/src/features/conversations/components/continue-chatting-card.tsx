import type { ConversationSummary } from "@hearth/contracts";
import { useState } from "react";
import { Link } from "react-router";
import { cn } from "../../../components/ui/cn";
import { useNearViewport } from "../../../lib/use-near-viewport";
import { relativeDate } from "../lib/relative-date";

/** Width of a card in the "Continue chatting" row (and of its placeholder). */
const CARD_WIDTH = "w-72 sm:w-80";

function RecentAvatar({ name, src }: { name: string; src: string | null }) {
  const [failed, setFailed] = useState(false);
  const [nearRef, near] = useNearViewport<HTMLSpanElement>();
  return (
    <span
      ref={nearRef}
      className="flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded-2xl bg-gradient-to-br from-brand-500 to-accent-500 text-2xl font-bold text-white"
    >
      {src && !failed && near ? (
        <img
          src={src}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
          onError={() => setFailed(true)}
        />
      ) : (
        <span aria-hidden="true">{Array.from(name.trim())[0]?.toUpperCase() ?? "?"}</span>
      )}
    </span>
  );
}

export type ContinueChattingCardProps = {
  conversation: ConversationSummary;
  /** Shows the initial instead of an avatar flagged NSFW (the safe-for-work brand). */
  hideNsfwAvatar: boolean;
};

/** One recent conversation: the character, the last message and when; opens the conversation. */
export function ContinueChattingCard({ conversation, hideNsfwAvatar }: ContinueChattingCardProps) {
  const { character } = conversation;
  // A group chat is named by its characters ("Aria, Bram and Cleo").
  const groupNames = conversation.group?.members.map((member) => member.name) ?? [];
  const name =
    groupNames.length > 1 ? `${groupNames.slice(0, -1).join(", ")} and ${groupNames.at(-1)}` : character.name;
  const when = conversation.last_message?.createdAt ?? conversation.updated_at;
  const preview = conversation.last_message?.content.replace(/\s+/g, " ").trim() || conversation.label;
  return (
    <Link
      to={`/chat/${encodeURIComponent(conversation.character_id)}/${encodeURIComponent(conversation.id)}`}
      aria-label={`Continue chatting with ${name}`}
      className={cn(
        "flex h-full items-center gap-3 rounded-2xl bg-surface-1 p-3 ring-1 ring-surface-3 transition-colors",
        "hover:bg-surface-2 hover:ring-brand-500/50 motion-reduce:transition-none",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
        CARD_WIDTH,
      )}
    >
      <RecentAvatar
        name={character.name}
        src={character.avatar_is_nsfw && hideNsfwAvatar ? null : character.avatar_url}
      />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-baseline gap-2">
          <span className="truncate text-[15px] font-semibold text-text-1">{name}</span>
          <time dateTime={when} className="ml-auto shrink-0 text-xs text-text-3">
            {relativeDate(when)}
          </time>
        </span>
        <span className="line-clamp-2 text-[13px] leading-snug text-text-2">
          {preview || "Pick up where you left off"}
        </span>
      </span>
    </Link>
  );
}

export function ContinueChattingCardSkeleton() {
  return (
    <div
      className={cn("flex items-center gap-3 rounded-2xl bg-surface-1 p-3 ring-1 ring-surface-3", CARD_WIDTH)}
    >
      <div className="h-16 w-16 shrink-0 animate-pulse rounded-2xl bg-surface-2 motion-reduce:animate-none" />
      <div className="flex flex-1 flex-col gap-2">
        <div className="h-4 w-2/3 animate-pulse rounded bg-surface-2 motion-reduce:animate-none" />
        <div className="h-3 w-full animate-pulse rounded bg-surface-2 motion-reduce:animate-none" />
      </div>
    </div>
  );
}
