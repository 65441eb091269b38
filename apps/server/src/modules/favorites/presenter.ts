import type { FavoriteResponse } from "@hearth/contracts";

/** `PUT` / `DELETE /api/characters/{id}/favorite`: the member's choice and the character's new count. */
export function presentFavoriteState(isFavorite: boolean, numFavorites: number): FavoriteResponse {
  return { is_favorite: isFavorite, num_favorites: numFavorites };
}
