import { type CharacterCard, type FavoriteResponse, SOCIAL_MESSAGES } from "@hearth/contracts";
import type { Database } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import type { Viewer } from "../characters/index";
import { can, findCharacterById, presentSummaries } from "../characters/index";
import { presentFavoriteState } from "./presenter";
import { addFavorite, listFavoriteCharacters, removeFavorite } from "./repository";

const FAVORITES_SHOWN = 500;

/** Likes a character the member may see; a creator cannot favorite their own. */
export async function favorite(
  db: Database,
  viewer: Viewer & { userId: string },
  id: string,
): Promise<FavoriteResponse> {
  const character = await findCharacterById(db, id);
  if (!character || !can(viewer, "view", character)) throw notFound();
  if (!can(viewer, "favorite", character)) throw new AppError(403, "forbidden", SOCIAL_MESSAGES.favoriteOwn);
  return presentFavoriteState(true, await addFavorite(db, viewer.userId, id));
}

/** Unlikes; works even when the character has since become private or deleted. */
export async function unfavorite(
  db: Database,
  viewer: Viewer & { userId: string },
  id: string,
): Promise<FavoriteResponse> {
  const character = await findCharacterById(db, id);
  if (!character) throw notFound();
  return presentFavoriteState(false, await removeFavorite(db, viewer.userId, id));
}

/** The member's favorites they may still see, most recently liked first. */
export async function listFavorites(
  db: Database,
  viewer: Viewer & { userId: string },
): Promise<CharacterCard[]> {
  const rows = await listFavoriteCharacters(db, viewer.userId, FAVORITES_SHOWN);
  return presentSummaries(
    db,
    viewer,
    rows.filter((row) => can(viewer, "view", row)),
  );
}
