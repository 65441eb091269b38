import { FileClock } from "lucide-react";
import { Link } from "react-router";
import type { Draft } from "../lib/draft-storage";

/** Up to this many draft images on the Drafts card (spec 9). */
export const DRAFTS_CARD_IMAGES = 3;

/** The My Chatbots tile leading to the drafts page, showing up to 3 draft avatars. */
export function DraftsCard({ drafts }: { drafts: readonly Draft[] }) {
  const images = drafts
    .map((d) => d.values.avatar_url)
    .filter((url): url is string => Boolean(url))
    .slice(0, DRAFTS_CARD_IMAGES);
  return (
    <Link
      to="/my-chatbots/drafts"
      aria-label={`Drafts (${drafts.length})`}
      className="group flex h-full flex-col overflow-hidden rounded-2xl bg-surface-1 ring-1 ring-surface-3 transition hover:ring-brand-500/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
    >
      <div className="relative flex aspect-[4/5] items-center justify-center overflow-hidden bg-gradient-to-br from-surface-2 to-surface-3/60">
        {images.length ? (
          <div className="relative h-32 w-full">
            {images.map((url, index) => (
              <img
                key={url}
                src={url}
                alt=""
                data-testid="draft-image"
                className="absolute top-1/2 h-28 w-20 -translate-y-1/2 rounded-xl object-cover shadow-xl ring-2 ring-surface-1"
                style={{
                  left: `calc(50% - 2.5rem + ${(index - (images.length - 1) / 2) * 2.25}rem)`,
                  transform: `translateY(-50%) rotate(${(index - (images.length - 1) / 2) * 8}deg)`,
                  zIndex: index === Math.floor(images.length / 2) ? 2 : 1,
                }}
              />
            ))}
          </div>
        ) : (
          <FileClock aria-hidden="true" className="h-12 w-12 text-brand-400" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-0.5 p-3">
        <p className="text-[15px] font-semibold text-text-1">Drafts</p>
        <p className="text-[13px] text-text-2">
          {drafts.length} unfinished chatbot{drafts.length === 1 ? "" : "s"}
        </p>
      </div>
    </Link>
  );
}
