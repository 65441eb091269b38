import { type BlockedCreator, SOCIAL_MESSAGES } from "@hearth/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { blockedCreators } from "../../db/schema";
import { AppError } from "../../http/errors";
import { findUserById, isActiveUser } from "../users/index";
import { can } from "./policy";
import { presentBlockedCreator } from "./presenter";
import { deleteBlock, insertBlock, listBlockedCreators } from "./repository";

/** Whether the user blocked this creator; chat answers `blockedBotCreator` when true. */
export async function isCreatorBlocked(
  db: Database,
  userId: string,
  creatorUserId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: blockedCreators.userId })
    .from(blockedCreators)
    .where(and(eq(blockedCreators.userId, userId), eq(blockedCreators.creatorUserId, creatorUserId)))
    .limit(1);
  return row !== undefined;
}

export async function blockCreator(
  db: Database,
  userId: string,
  creatorUserId: string,
): Promise<BlockedCreator> {
  if (!can({ userId }, "block", { id: creatorUserId })) {
    throw new AppError(400, "validation_error", SOCIAL_MESSAGES.blockSelf, {
      creator_id: SOCIAL_MESSAGES.blockSelf,
    });
  }
  const creator = await findUserById(db, creatorUserId);
  if (!isActiveUser(creator)) throw new AppError(404, "not_found", "This creator does not exist.");
  await insertBlock(db, userId, creatorUserId);
  return presentBlockedCreator(creator);
}

export const unblockCreator = deleteBlock;

export async function listBlocked(db: Database, userId: string): Promise<BlockedCreator[]> {
  return (await listBlockedCreators(db, userId)).map(presentBlockedCreator);
}
