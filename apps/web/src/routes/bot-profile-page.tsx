import { Lock, ShieldAlert, TriangleAlert } from "lucide-react";
import { useParams } from "react-router";
import { useCharacter } from "../api/characters";
import { useAppConfig } from "../api/config";
import { Button, ButtonLink } from "../components/ui/button";
import { BlockCreatorButton } from "../features/blocked-creators/components/block-creator-button";
import { BotProfile, BotProfileSkeleton } from "../features/bot-profile/components/bot-profile";
import { ExportCardMenu } from "../features/characters/components/export-card-menu";
import { FavoriteButton } from "../features/favorites/components/favorite-button";
import { ApiError } from "../lib/api-client";
import { useSession } from "../lib/session";
import { useSharedLinkVisit } from "../lib/shared-link";
import { StatusPage } from "./status-page";

/** `/chatbot/{id}` (`?ref=share` from a share link): the bot profile, version picked by the profile_v2 flag. */
export function BotProfilePage() {
  const { characterId } = useParams();
  const { data: config } = useAppConfig();
  const { user, status } = useSession();
  const query = useCharacter(characterId);
  // A visitor arriving through the share link (`?ref=share`) keeps that for the chat with this character.
  useSharedLinkVisit(characterId ?? "");

  if (query.isPending) return <BotProfileSkeleton />;
  if (query.isError) {
    const code = query.error instanceof ApiError ? query.error.status : 0;
    if (code === 403 || code === 404) {
      return (
        <StatusPage
          icon={Lock}
          title="This chatbot is not available"
          actions={<ButtonLink to="/">Back to home</ButtonLink>}
        >
          It's either private or deleted.
        </StatusPage>
      );
    }
    return (
      <StatusPage
        icon={TriangleAlert}
        title="We couldn't load this chatbot"
        actions={
          <Button onClick={() => void query.refetch()} loading={query.isFetching}>
            Retry
          </Button>
        }
      >
        {query.error.message || "Uh oh, something went wrong"}
      </StatusPage>
    );
  }

  const character = query.data;
  const signedIn = status === "member";
  const isCreator = signedIn && user?.id === character.creator_user_id;
  // Favorite, block and rate are offered to signed-in members on public bots other than their own (spec 6).
  const socialActions = signedIn && !isCreator && character.visibility === "public";
  const blocked = character.is_creator_blocked ?? false;
  const canExport = isCreator || character.definition_visible;
  return (
    <>
      {blocked ? (
        <div role="alert" className="mx-auto mt-4 flex w-full max-w-5xl items-start gap-3 px-4 sm:px-6">
          <p className="flex flex-1 items-start gap-2 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-text-1">
            <ShieldAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-danger" />
            You have blocked the creator of this character. Please unblock creator to use this character.
          </p>
        </div>
      ) : null}
      <BotProfile
        character={character}
        v2={config?.flags.profile_v2 ?? true}
        isCreator={isCreator}
        signedIn={signedIn}
        favorite={
          socialActions ? (
            <FavoriteButton characterId={character.id} isFavorite={character.is_favorite ?? false} />
          ) : null
        }
        block={
          socialActions || blocked ? (
            <BlockCreatorButton
              creatorId={character.creator_user_id}
              username={character.creator_username}
              blocked={blocked}
            />
          ) : null
        }
        exportMenu={canExport ? <ExportCardMenu characterId={character.id} name={character.name} /> : null}
      />
    </>
  );
}
