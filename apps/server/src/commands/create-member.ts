import type { Database } from "../db/client";
import type { UserRow } from "../db/schema";
import { createDefaultPersona } from "../modules/personas/index";

/**
 * A new member: the account row `insertUser` writes (users) and the default persona every member starts
 * with (personas), in one transaction, so both exist or neither does. Answers null, creating nothing, when
 * `insertUser` inserted no row (a conflict it chose to ignore).
 */
export function createMember<T extends UserRow | null>(
  db: Database,
  insertUser: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const user = await insertUser(tx);
    if (user) await createDefaultPersona(tx, user);
    return user;
  });
}
