import type { Database } from "../db/client";
import type { UserRow } from "../db/schema";
import { endSubscriptionsForRemoval } from "../modules/billing/index";
import { unlinkUserEvents } from "../modules/events/index";
import { deleteUser } from "../modules/users/index";

/**
 * Removes the account and, through foreign-key cascades, everything it owns: personas, conversations and
 * their messages and memories, favorites, ratings, blocks, tag suggestions, refresh tokens and every
 * character it made (public ones too). Analytics events outlive it, unlinked from the person. A live
 * subscription ends with it (no renewal is charged again); its row and the billing ledger stay, without
 * the person. One transaction: all of it or nothing.
 */
export function removeAccount(db: Database, user: UserRow, now: Date): Promise<void> {
  return db.transaction(async (tx) => {
    await endSubscriptionsForRemoval(tx, user.id, now);
    await unlinkUserEvents(tx, user.id);
    await deleteUser(tx, user.id);
  });
}
