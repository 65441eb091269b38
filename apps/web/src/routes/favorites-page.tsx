import { Compass, Heart } from "lucide-react";
import { useFavorites } from "../api/favorites";
import { ButtonLink } from "../components/ui/button";
import { CharacterGrid, GridMessage } from "../features/characters/components/character-grid";
import { FavoriteButton } from "../features/favorites/components/favorite-button";

/** `/favorites`: Favorite Bots, each with like/unlike. */
export function FavoritesPage() {
  const query = useFavorites();
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 pt-6 pb-16 sm:px-6 lg:px-8">
      <div>
        <h1 id="favorites-heading" className="text-2xl font-extrabold tracking-tight text-text-1 sm:text-3xl">
          Favorite Bots
        </h1>
        <p className="mt-1 text-sm text-text-2">Chatbots you liked, ready to pick up again.</p>
      </div>
      <CharacterGrid
        characters={query.data}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
        labelledBy="favorites-heading"
        cardFooter={(character) => (
          <FavoriteButton characterId={character.id} isFavorite={character.is_favorite ?? true} compact />
        )}
        empty={
          <GridMessage
            icon={<Heart aria-hidden="true" className="h-6 w-6" />}
            title="No favorite bots yet"
            description="Tap Favorite on a chatbot's profile to keep it here."
            action={
              <ButtonLink to="/">
                <Compass aria-hidden="true" className="h-4 w-4" />
                Browse characters
              </ButtonLink>
            }
          />
        }
      />
    </div>
  );
}
