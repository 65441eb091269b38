import type { Character } from "@hearth/contracts";
import type { ServerConfig } from "../../config";
import type { Database } from "../../db/client";
import { notFound } from "../../http/errors";
import type { AuthContext } from "../auth/context";
import { canSeeDefinition, canViewCharacter } from "./policy";
import { presentCharacter } from "./presenter";
import { findCharacterById, listPublicCharacters } from "./repository";

export async function listCharacters(
  db: Database,
  config: ServerConfig,
  limit: number,
): Promise<Character[]> {
  const rows = await listPublicCharacters(db, { limit, includeNsfw: config.brand !== "sfw" });
  const viewer = { userId: null, brand: config.brand };
  return rows.map((row) => presentCharacter(row, canSeeDefinition(row, viewer)));
}

export async function getCharacter(
  db: Database,
  config: ServerConfig,
  auth: AuthContext,
  id: string,
): Promise<Character> {
  const row = await findCharacterById(db, id);
  const viewer = { userId: auth.kind === "member" ? auth.user.id : null, brand: config.brand };
  if (!row || !canViewCharacter(row, viewer)) throw notFound();
  return presentCharacter(row, canSeeDefinition(row, viewer));
}
