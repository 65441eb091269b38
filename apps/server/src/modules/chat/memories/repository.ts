import { CHAT_LIMITS } from "@hearth/contracts";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { conversations, type MemoryRow, memories } from "../../../db/schema";

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

export type MemoryInsert = Pick<MemoryRow, "conversationId" | "content" | "pinned" | "source">;

/**
 * Inserts a memory within the conversation's cap (CHAT_LIMITS.memoriesPerConversation): "full" when a
 * member's memory would pass it; an automatic summary instead replaces the oldest unpinned automatic one
 * ("full" when there is none). "gone" when the conversation does not exist. One transaction that locks the
 * conversation row before counting, so parallel inserts (requests, or instances) cannot pass the cap.
 */
export function insertMemory(db: Database, values: MemoryInsert): Promise<MemoryRow | "full" | "gone"> {
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.id, values.conversationId))
      .for("update");
    if (!conversation) return "gone";
    if ((await countMemories(tx, values.conversationId)) >= CHAT_LIMITS.memoriesPerConversation) {
      if (values.source !== "auto") return "full";
      const [oldest] = await tx
        .select({ id: memories.id })
        .from(memories)
        .where(
          and(
            eq(memories.conversationId, values.conversationId),
            eq(memories.source, "auto"),
            eq(memories.pinned, false),
          ),
        )
        .orderBy(asc(memories.createdAt), asc(memories.id))
        .limit(1);
      if (!oldest) return "full";
      await tx.delete(memories).where(eq(memories.id, oldest.id));
    }
    const [row] = await tx.insert(memories).values(values).returning();
    if (!row) throw new Error("Memory insert returned nothing");
    return row;
  });
}

/**
 * A memory of one of `userId`'s conversations; null for anyone else's (memories are owner-only, and the
 * owner is part of the query: conversations' `manage` rule).
 */
export async function findOwnMemory(db: Database, id: string, userId: string): Promise<MemoryRow | null> {
  const [row] = await db
    .select({ memory: memories })
    .from(memories)
    .innerJoin(conversations, eq(conversations.id, memories.conversationId))
    .where(and(eq(memories.id, id), eq(conversations.userId, userId)));
  return row?.memory ?? null;
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
