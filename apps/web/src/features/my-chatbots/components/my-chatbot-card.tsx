import type { OwnCharacterCard } from "@hearth/contracts";
import {
  Eye,
  Flag,
  Link2,
  Lock,
  MessageCircle,
  Pencil,
  ShieldAlert,
  ShieldCheck,
  Trash2,
  User,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "../../../components/ui/cn";
import { type CardStatus, cardStatus, statusLabel } from "../lib/card-status";

const STATUS_STYLES: Record<CardStatus, { className: string; icon: ReactNode }> = {
  action: {
    className: "bg-red-600 text-white",
    icon: <ShieldAlert aria-hidden="true" className="h-3 w-3" />,
  },
  review: {
    className: "bg-amber-500 text-black",
    icon: <ShieldCheck aria-hidden="true" className="h-3 w-3" />,
  },
  public: { className: "bg-emerald-600 text-white", icon: <Eye aria-hidden="true" className="h-3 w-3" /> },
  private: { className: "bg-black/70 text-white", icon: <Lock aria-hidden="true" className="h-3 w-3" /> },
  unlisted: { className: "bg-sky-600 text-white", icon: <Link2 aria-hidden="true" className="h-3 w-3" /> },
};

const actionClass =
  "flex h-8 w-8 items-center justify-center rounded-lg text-text-2 transition-colors hover:bg-surface-2 hover:text-text-1 focus-visible:outline-2 focus-visible:outline-brand-400";

type MyChatbotCardProps = {
  character: OwnCharacterCard;
  /** Shows the gradient instead of an NSFW avatar. */
  hideAvatar: boolean;
  onDelete?: () => void;
};

/** One own bot: status badge, avatar, name and the chat, profile, creator, edit, report and delete actions. */
export function MyChatbotCard({ character, hideAvatar, onDelete }: MyChatbotCardProps) {
  const status = cardStatus(character);
  const style = STATUS_STYLES[status];
  const { id, name, creator_username: creator } = character;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-surface-1 ring-1 ring-surface-3 transition hover:ring-brand-500/50">
      <div className="relative aspect-[4/5] overflow-hidden bg-surface-2">
        {character.avatar_url && !hideAvatar ? (
          <img
            src={character.avatar_url}
            alt=""
            loading="lazy"
            className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex h-full w-full items-center justify-center bg-gradient-to-br from-brand-600 to-accent-600 text-4xl font-bold text-white"
          >
            {Array.from(name.trim())[0]?.toUpperCase() ?? "?"}
          </div>
        )}
        <span
          className={cn(
            "absolute top-2 left-2 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-bold shadow",
            style.className,
          )}
        >
          {style.icon}
          {statusLabel(character)}
        </span>
        <div className="absolute bottom-2 left-2 flex items-center gap-1 rounded-full bg-black/60 px-2 py-1 text-xs font-semibold text-white backdrop-blur-sm">
          <MessageCircle aria-hidden="true" className="h-3.5 w-3.5" />
          <span className="sr-only">Messages: </span>
          {character.num_messages.toLocaleString("en-US")}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="truncate text-[15px] font-semibold text-text-1">
          <Link
            to={`/chat/${id}`}
            aria-label={`Chat with ${name}`}
            className="outline-none after:absolute after:inset-0 after:content-[''] focus-visible:underline"
          >
            {name}
          </Link>
        </h3>
        {character.title ? (
          <p className="line-clamp-2 text-[13px] leading-snug text-text-2">{character.title}</p>
        ) : null}
        {creator ? (
          <Link
            to={`/creator/${encodeURIComponent(creator)}`}
            className="relative z-10 self-start truncate rounded text-xs text-text-3 hover:text-text-1 hover:underline focus-visible:outline-2 focus-visible:outline-brand-400"
          >
            @{creator}
          </Link>
        ) : null}
        <nav aria-label={`${name} actions`} className="relative z-10 mt-auto flex items-center gap-0.5 pt-2">
          <Link
            to={`/chatbot/${id}`}
            className={actionClass}
            aria-label={`${name}'s profile`}
            title="Profile"
          >
            <User aria-hidden="true" className="h-4 w-4" />
          </Link>
          <Link to={`/chatbot/edit/${id}`} className={actionClass} aria-label={`Edit ${name}`} title="Edit">
            <Pencil aria-hidden="true" className="h-4 w-4" />
          </Link>
          <Link to={`/report/${id}`} className={actionClass} aria-label={`Report ${name}`} title="Report">
            <Flag aria-hidden="true" className="h-4 w-4" />
          </Link>
          {onDelete ? (
            <button
              type="button"
              onClick={onDelete}
              className={cn(actionClass, "ml-auto hover:bg-danger/15 hover:text-danger")}
              aria-label={`Delete ${name}`}
              title="Delete"
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </button>
          ) : null}
        </nav>
      </div>
    </article>
  );
}

export function MyChatbotCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex flex-col overflow-hidden rounded-2xl bg-surface-1 ring-1 ring-surface-3"
    >
      <div className="aspect-[4/5] animate-pulse bg-surface-2 motion-reduce:animate-none" />
      <div className="flex flex-col gap-2 p-3">
        <div className="h-4 w-2/3 animate-pulse rounded bg-surface-2" />
        <div className="h-3 w-full animate-pulse rounded bg-surface-2" />
        <div className="mt-2 h-6 w-1/2 animate-pulse rounded bg-surface-2" />
      </div>
    </div>
  );
}
