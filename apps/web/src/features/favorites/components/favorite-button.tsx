import { Heart } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { useToggleFavorite } from "../api/toggle-favorite";

/** Like / unlike a bot (signed-in members, never their own bot). */
export function FavoriteButton({
  characterId,
  isFavorite,
  compact = false,
}: {
  characterId: string;
  isFavorite: boolean;
  compact?: boolean;
}) {
  const toggle = useToggleFavorite(characterId);
  const favorite = toggle.isPending && toggle.variables !== undefined ? toggle.variables : isFavorite;
  const label = favorite ? "Unfavorite" : "Favorite";
  return (
    <span className="inline-flex flex-col">
      <Button
        variant="secondary"
        size={compact ? "sm" : "md"}
        aria-pressed={favorite}
        onClick={() => toggle.mutate(!favorite)}
        disabled={toggle.isPending}
        className={cn(favorite && "border-brand-500/50 text-brand-300 in-[.light]:text-brand-700")}
      >
        <Heart aria-hidden="true" className={cn("h-4 w-4", favorite && "fill-current")} />
        {label}
      </Button>
      {toggle.isError ? (
        <span role="alert" className="mt-1 text-xs text-danger">
          {toggle.error.message}
        </span>
      ) : null}
    </span>
  );
}
