import type { Database } from "../../db/client";
import type { UserRow } from "../../db/schema";
import type { ChangeFeed } from "../../kernel/change-feed";
import { createNotifiedCache } from "../../kernel/notified-cache";
import { findUserById } from "./repository";

/**
 * Members' rows as every authenticated request reads them (role, restriction, disabling, revoked
 * sessions), kept in memory and forgotten when the database announces a change to the row (the users
 * table's trigger, kernel/change-feed.ts), so a change takes effect on every instance whoever made it.
 */
export type MemberCache = {
  find(id: string): Promise<UserRow | null>;
  close(): void;
};

const MEMBER_CACHE = { maxEntries: 20_000, ttlMs: 60_000 };

export function createMemberCache(db: Database, changes: ChangeFeed): MemberCache {
  const cache = createNotifiedCache<UserRow>(changes, {
    tables: ["users"],
    load: (id) => findUserById(db, id),
    ...MEMBER_CACHE,
  });
  return { find: (id) => cache.get(id), close: () => cache.close() };
}
