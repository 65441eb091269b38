import { and, asc, desc, eq, ilike, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type PersonaRow, personas } from "../../db/schema";
import { announceChange } from "../../kernel/change-feed";

/** Escapes LIKE wildcards so typed text matches literally. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The member's personas, default first; with `search`, only names starting with it (any case). */
export function listPersonas(db: Database, userId: string, search: string): Promise<PersonaRow[]> {
  const owned = eq(personas.userId, userId);
  return db
    .select()
    .from(personas)
    .where(search ? and(owned, ilike(personas.name, likePrefix(search))) : owned)
    .orderBy(desc(personas.isDefault), asc(personas.createdAt), asc(personas.id));
}

export async function findPersona(db: Database, id: string): Promise<PersonaRow | null> {
  const [row] = await db.select().from(personas).where(eq(personas.id, id)).limit(1);
  return row ?? null;
}

export async function findDefaultPersonaId(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: personas.id })
    .from(personas)
    .where(and(eq(personas.userId, userId), eq(personas.isDefault, true)))
    .limit(1);
  return row?.id ?? null;
}

export async function countPersonas(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(personas)
    .where(eq(personas.userId, userId));
  return row?.count ?? 0;
}

export type PersonaValues = { name: string; highlights: string; avatarUrl: string | null };

export async function insertPersona(
  db: Database,
  userId: string,
  values: PersonaValues & { isDefault: boolean },
): Promise<PersonaRow> {
  const [row] = await db
    .insert(personas)
    .values({ userId, ...values })
    .returning();
  if (!row) throw new Error("Inserting a persona returned no row");
  announceChange("personas", userId);
  return row;
}

export async function updatePersona(
  db: Database,
  id: string,
  values: PersonaValues & { isDefault?: boolean },
): Promise<PersonaRow> {
  const [row] = await db
    .update(personas)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(personas.id, id))
    .returning();
  if (!row) throw new Error(`Persona ${id} vanished during an update`);
  announceChange("personas", row.userId);
  return row;
}

export async function clearDefaultPersona(db: Database, userId: string): Promise<void> {
  await db
    .update(personas)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(and(eq(personas.userId, userId), eq(personas.isDefault, true)));
  announceChange("personas", userId);
}

/** Renames the member's default persona when it still has the given name. */
export async function renameDefaultPersona(db: Database, userId: string, from: string, to: string) {
  await db
    .update(personas)
    .set({ name: to, updatedAt: sql`now()` })
    .where(and(eq(personas.userId, userId), eq(personas.isDefault, true), eq(personas.name, from)));
  announceChange("personas", userId);
}

export async function deletePersona(db: Database, id: string): Promise<void> {
  const [row] = await db.delete(personas).where(eq(personas.id, id)).returning({ userId: personas.userId });
  if (row) announceChange("personas", row.userId);
}
