import { MessageCircle, SearchX, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { useCharacter } from "../../../api/characters";
import { useAppConfig } from "../../../api/config";
import { Button } from "../../../components/ui/button";
import { ApiError } from "../../../lib/api-client";

/** The reported character's card, loaded with the shared character fetcher (`GET /api/characters/{id}`). */
export function ReportedCharacterCard({ id }: { id: string }) {
  const query = useCharacter(id);
  const { data: config } = useAppConfig();
  // NSFW avatars stay hidden on the safe-for-work brand and while the configuration is unknown.
  const hideNsfw = config?.brand !== "adult";

  if (query.isPending) {
    return (
      <div
        role="status"
        aria-label="Loading the character"
        className="flex gap-3 rounded-2xl border border-surface-3 bg-surface-1 p-3"
      >
        <div className="h-24 w-20 shrink-0 animate-pulse rounded-xl bg-surface-2 motion-reduce:animate-none" />
        <div className="flex flex-1 flex-col gap-2 pt-1">
          <div className="h-4 w-2/3 animate-pulse rounded bg-surface-2" />
          <div className="h-3 w-full animate-pulse rounded bg-surface-2" />
          <div className="h-3 w-1/2 animate-pulse rounded bg-surface-2" />
        </div>
      </div>
    );
  }
  if (query.isError) {
    const missing =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403);
    return (
      <div className="flex items-start gap-3 rounded-2xl border border-dashed border-surface-3 bg-surface-1 p-4 text-sm">
        {missing ? (
          <SearchX aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-text-3" />
        ) : (
          <TriangleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-danger" />
        )}
        <div className="flex flex-col gap-2">
          <p className="text-text-2">
            {missing
              ? "We couldn't find a character you can see with this id. You can still send the report."
              : "We couldn't load this character."}
          </p>
          {missing ? null : (
            <Button
              size="sm"
              variant="secondary"
              className="self-start"
              onClick={() => void query.refetch()}
              loading={query.isFetching}
            >
              Retry
            </Button>
          )}
        </div>
      </div>
    );
  }

  const character = query.data;
  const showAvatar = character.avatar_url && !(character.avatar_is_nsfw && hideNsfw);
  return (
    <article
      aria-label={`Reporting ${character.name}`}
      className="flex gap-3 rounded-2xl border border-surface-3 bg-surface-1 p-3 lg:flex-col"
    >
      <div className="relative h-24 w-20 shrink-0 overflow-hidden rounded-xl bg-surface-2 lg:aspect-[4/5] lg:h-auto lg:w-full">
        {showAvatar ? (
          <img src={character.avatar_url ?? ""} alt="" className="h-full w-full object-cover" />
        ) : (
          <div
            aria-hidden="true"
            className="flex h-full w-full items-center justify-center bg-gradient-to-br from-brand-600 to-accent-600 text-3xl font-bold text-white"
          >
            {Array.from(character.name.trim())[0]?.toUpperCase() ?? "?"}
          </div>
        )}
        {character.is_nsfw ? (
          <span className="absolute top-1.5 left-1.5 rounded-md bg-black/65 px-1.5 py-0.5 text-[11px] font-bold text-white">
            18+
          </span>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="truncate text-base font-semibold text-text-1">
          <Link to={`/chatbot/${character.id}`} className="hover:underline focus-visible:underline">
            {character.name}
          </Link>
        </h2>
        {character.title ? (
          <p className="line-clamp-2 text-[13px] leading-snug text-text-2">{character.title}</p>
        ) : null}
        {character.creator_username ? (
          <p className="truncate text-xs text-text-3">by @{character.creator_username}</p>
        ) : null}
        <p className="mt-1 flex items-center gap-1 text-xs text-text-3">
          <MessageCircle aria-hidden="true" className="h-3.5 w-3.5" />
          {character.num_messages.toLocaleString("en-US")} messages
        </p>
      </div>
    </article>
  );
}
