import type { Database } from "../db/client";
import type { UserRow } from "../db/schema";
import { unlinkUserEvents } from "../modules/events/index";
import { deleteUser } from "../modules/users/index";

/**
 * Removes the account and, through foreign-key cascades, everything it owns: personas, conversations and
 * their messages and memories, favorites, ratings, blocks, tag suggestions, refresh tokens and every
 * character it made (public ones too). Analytics events outlive it, unlinked from the person. One
 * transaction: all of it or nothing.
 */
export function removeAccount(db: Database, user: UserRow): Promise<void> {
  return db.transaction(async (tx) => {
    await unlinkUserEvents(tx, user.id);
    await deleteUser(tx, user.id);
  });
}
