import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { conversations, type MemoryRow, memories } from "../../db/schema";

export function listMemories(db: Database, conversationId: string): Promise<MemoryRow[]> {
  return db
    .select()
    .from(memories)
    .where(eq(memories.conversationId, conversationId))
    .orderBy(asc(memories.createdAt), asc(memories.id));
}

export async function countMemories(db: Database, conversationId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(memories)
    .where(eq(memories.conversationId, conversationId));
  return row?.value ?? 0;
}

export async function insertMemory(
  db: Database,
  values: Pick<MemoryRow, "conversationId" | "content" | "pinned" | "source">,
): Promise<MemoryRow> {
  const [row] = await db.insert(memories).values(values).returning();
  if (!row) throw new Error("Memory insert returned nothing");
  return row;
}

/** A memory with the user owning its conversation (memories are owner-only). */
export async function findMemoryWithOwner(
  db: Database,
  id: string,
): Promise<{ memory: MemoryRow; userId: string } | null> {
  const [row] = await db
    .select({ memory: memories, userId: conversations.userId })
    .from(memories)
    .innerJoin(conversations, eq(conversations.id, memories.conversationId))
    .where(eq(memories.id, id));
  return row ?? null;
}

export async function updateMemory(
  db: Database,
  id: string,
  values: Partial<Pick<MemoryRow, "content" | "pinned">>,
): Promise<MemoryRow> {
  const [row] = await db
    .update(memories)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(memories.id, id))
    .returning();
  if (!row) throw new Error("Memory update found nothing");
  return row;
}

export async function deleteMemory(db: Database, id: string): Promise<void> {
  await db.delete(memories).where(eq(memories.id, id));
}

/** Keeps only the newest `keep` automatic summaries pinned, so they do not crowd the prompt. */
export async function unpinOlderSummaries(db: Database, conversationId: string, keep: number): Promise<void> {
  const pinned = await db
    .select({ id: memories.id })
    .from(memories)
    .where(
      and(
        eq(memories.conversationId, conversationId),
        eq(memories.source, "auto"),
        eq(memories.pinned, true),
      ),
    )
    .orderBy(desc(memories.createdAt));
  const older = pinned.slice(keep).map((row) => row.id);
  if (older.length > 0) await db.update(memories).set({ pinned: false }).where(inArray(memories.id, older));
}

export async function resetSummaryCounter(db: Database, conversationId: string): Promise<void> {
  await db.update(conversations).set({ messagesSinceSummary: 0 }).where(eq(conversations.id, conversationId));
}
