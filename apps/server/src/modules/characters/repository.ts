import { and, desc, eq, getTableColumns } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type CharacterRow, characters, users } from "../../db/schema";

export type CharacterWithCreator = CharacterRow & { creatorUsername: string | null };

const withCreator = { ...getTableColumns(characters), creatorUsername: users.username };

/** Public, live, not-underage characters, most messages first; NSFW ones only when allowed. */
export function listPublicCharacters(
  db: Database,
  options: { limit: number; includeNsfw: boolean },
): Promise<CharacterWithCreator[]> {
  const filters = [
    eq(characters.visibility, "public"),
    eq(characters.isDeleted, false),
    eq(characters.isUnderage, false),
  ];
  if (!options.includeNsfw) filters.push(eq(characters.isNsfw, false));
  return db
    .select(withCreator)
    .from(characters)
    .innerJoin(users, eq(users.id, characters.creatorUserId))
    .where(and(...filters))
    .orderBy(desc(characters.numMessages), desc(characters.createdAt))
    .limit(options.limit);
}

export async function findCharacterById(db: Database, id: string): Promise<CharacterWithCreator | null> {
  const [row] = await db
    .select(withCreator)
    .from(characters)
    .innerJoin(users, eq(users.id, characters.creatorUserId))
    .where(eq(characters.id, id))
    .limit(1);
  return row ?? null;
}
