import { Compass, Sparkles } from "lucide-react";
import { useRecommended } from "../api/recommended";
import { ButtonLink } from "../components/ui/button";
import { CharacterGrid, GridMessage } from "../features/characters/components/character-grid";

/** `/recommended`: Recommended Bots from the recommendation service. */
export function RecommendedPage() {
  const query = useRecommended();
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 pt-6 pb-16 sm:px-6 lg:px-8">
      <div>
        <h1
          id="recommended-heading"
          className="text-2xl font-extrabold tracking-tight text-text-1 sm:text-3xl"
        >
          Recommended Bots
        </h1>
        <p className="mt-1 text-sm text-text-2">
          Picked for you from what the community loves and what you chat with.
        </p>
      </div>
      <CharacterGrid
        characters={query.data}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
        labelledBy="recommended-heading"
        empty={
          <GridMessage
            icon={<Sparkles aria-hidden="true" className="h-6 w-6" />}
            title="No recommendations yet"
            description="Chat with and rate a few characters, and we'll suggest more like them."
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
