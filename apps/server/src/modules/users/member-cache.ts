import type { DatabaseHandle } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { createReadThroughCache } from "../../kernel/read-through-cache";
import { onMemberWritten } from "./member-writes";
import { findUserById } from "./repository";

/**
 * Members' rows as every authenticated request reads them (role, restriction, disabling, revoked
 * sessions), kept in memory. A change to a row is announced by the database itself at commit
 * (migration 0016: the users table's trigger notifies `hearth_user_changed`), so it reaches this cache on
 * every instance whoever wrote it: this app inside or outside a transaction, another instance, a command
 * or an operator's SQL. This process's own writes are forgotten at once as well (memberWritten), before
 * the notification comes back.
 */
export type MemberCache = {
  find(id: string): Promise<UserRow | null>;
  close(): Promise<void>;
};

const CHANGED_CHANNEL = "hearth_user_changed";
const MEMBER_CACHE = { maxEntries: 20_000, ttlMs: 60_000 };

export async function openMemberCache(database: Pick<DatabaseHandle, "db" | "listen">): Promise<MemberCache> {
  const cache = createReadThroughCache<UserRow>({
    load: (id) => findUserById(database.db, id),
    ...MEMBER_CACHE,
  });
  const stopListening = await database.listen(CHANGED_CHANNEL, {
    onPayload: (id) => cache.forget(id),
    onListening: (listening) => (listening ? cache.resume() : cache.suspend()),
  });
  const stopHearing = onMemberWritten((id) => cache.forget(id));
  return {
    find: (id) => cache.get(id),
    async close() {
      stopHearing();
      cache.suspend();
      await stopListening();
    },
  };
}
