import { TriangleAlert, UserX } from "lucide-react";
import { useParams } from "react-router";
import { useCreator } from "../api/creators";
import { Button, ButtonLink } from "../components/ui/button";
import { BlockCreatorButton } from "../features/blocked-creators/components/block-creator-button";
import { CharacterGrid, GridMessage } from "../features/characters/components/character-grid";
import { ApiError } from "../lib/api-client";
import { useSession } from "../lib/session";
import { StatusPage } from "./status-page";

/** `/creator/{username}`: '@{username}'s Chatbots' with the creator's avatar, name and highlights. */
export function CreatorPage() {
  const { username = "" } = useParams();
  const { user, status } = useSession();
  const query = useCreator(username);
  const creator = query.data;

  if (query.isError && query.error instanceof ApiError && query.error.status === 404) {
    return (
      <StatusPage
        icon={UserX}
        title="Creator not found"
        actions={<ButtonLink to="/">Back to home</ButtonLink>}
      >
        There is no creator called @{username}.
      </StatusPage>
    );
  }
  const isSelf = user?.id === creator?.id;
  const displayName = creator?.username ?? username;
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 pt-6 pb-16 sm:px-6 lg:px-8">
      <header className="relative isolate flex flex-col items-center gap-4 overflow-hidden rounded-3xl bg-surface-1 px-5 py-7 text-center ring-1 ring-surface-3 sm:flex-row sm:text-left">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-10 -z-10 h-64 w-64 rounded-full bg-brand-500/20 blur-3xl"
        />
        <div className="h-24 w-24 shrink-0 overflow-hidden rounded-full ring-4 ring-surface-3">
          {creator?.avatar_url ? (
            <img src={creator.avatar_url} alt="" className="h-full w-full object-cover" />
          ) : (
            <div
              aria-hidden="true"
              className="flex h-full w-full items-center justify-center bg-gradient-to-br from-brand-500 to-accent-500 text-4xl font-bold text-white"
            >
              {displayName.charAt(0).toUpperCase()}
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h1
            id="creator-heading"
            className="text-2xl font-extrabold tracking-tight break-words text-text-1 sm:text-3xl"
          >
            @{displayName}'s Chatbots
          </h1>
          {creator?.name ? <p className="font-semibold text-text-2">{creator.name}</p> : null}
          {creator?.highlights ? <p className="max-w-2xl text-sm text-text-2">{creator.highlights}</p> : null}
          {query.isPending ? (
            <div className="mx-auto h-4 w-48 animate-pulse rounded bg-surface-2 sm:mx-0" />
          ) : null}
        </div>
        {creator && status === "member" && !isSelf ? (
          <BlockCreatorButton
            creatorId={creator.id}
            username={creator.username}
            blocked={creator.is_blocked}
          />
        ) : null}
      </header>
      <CharacterGrid
        characters={creator?.characters}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
        labelledBy="creator-heading"
        empty={
          creator?.is_blocked ? (
            <GridMessage
              icon={<TriangleAlert aria-hidden="true" className="h-6 w-6" />}
              title="You blocked this creator"
              description="Unblock them to see their chatbots again."
            />
          ) : (
            <GridMessage
              icon={<UserX aria-hidden="true" className="h-6 w-6" />}
              title="No public chatbots yet"
              description={`@${displayName} hasn't published any chatbots.`}
              action={
                <Button variant="secondary" onClick={() => void query.refetch()}>
                  Refresh
                </Button>
              }
            />
          )
        }
      />
    </div>
  );
}
