import type { CreatorPage } from "@hearth/contracts";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import { AppError } from "../../http/errors";
import { can as canBlock, isCreatorBlocked } from "../blocks/index";
import type { Viewer } from "../characters/index";
import { listCreatorCharacters, presentSummaries } from "../characters/index";
import { isActiveUser } from "../users/index";
import { can } from "./policy";
import { presentCreatorPage } from "./presenter";

const CHARACTERS_SHOWN = 200;

/** `/creator/{username}`: the creator's profile and listed characters (all live ones for the creator). */
export async function getCreatorPage(db: Database, viewer: Viewer, username: string): Promise<CreatorPage> {
  const [creator] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  const creatorUsername = creator?.username;
  if (!isActiveUser(creator ?? null) || !creator || !creatorUsername) {
    throw new AppError(404, "not_found", "This creator does not exist.");
  }
  const own = can(viewer, "see_all_characters", creator);
  const [rows, isBlocked] = await Promise.all([
    listCreatorCharacters(db, creator.id, { own, includeNsfw: viewer.allowsNsfw, limit: CHARACTERS_SHOWN }),
    viewer.userId && canBlock(viewer, "block", creator)
      ? isCreatorBlocked(db, viewer.userId, creator.id)
      : Promise.resolve(false),
  ]);
  return presentCreatorPage(
    { ...creator, username: creatorUsername },
    isBlocked,
    await presentSummaries(db, viewer, rows),
  );
}
