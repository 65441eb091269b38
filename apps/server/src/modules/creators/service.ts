import type { CreatorPage } from "@hearth/contracts";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import { AppError } from "../../http/errors";
import { isCreatorBlocked } from "../blocks/service";
import { listCreatorCharacters } from "../characters/repository";
import { presentSummaries } from "../characters/service";
import type { Viewer } from "../characters/viewer";
import { isActiveUser } from "../users/repository";

const CHARACTERS_SHOWN = 200;

/** `/creator/{username}`: the creator's profile and listed characters (all live ones for the creator). */
export async function getCreatorPage(db: Database, viewer: Viewer, username: string): Promise<CreatorPage> {
  const [creator] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  if (!isActiveUser(creator ?? null) || !creator?.username) {
    throw new AppError(404, "not_found", "This creator does not exist.");
  }
  const own = viewer.userId === creator.id;
  const [rows, isBlocked] = await Promise.all([
    listCreatorCharacters(db, creator.id, { own, includeNsfw: viewer.allowsNsfw, limit: CHARACTERS_SHOWN }),
    viewer.userId && !own ? isCreatorBlocked(db, viewer.userId, creator.id) : Promise.resolve(false),
  ]);
  return {
    id: creator.id,
    username: creator.username,
    name: creator.name,
    avatar_url: creator.avatarUrl,
    highlights: creator.highlights,
    is_blocked: isBlocked,
    characters: await presentSummaries(db, viewer, rows),
  };
}
