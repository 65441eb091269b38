import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { chatUsage, type InferenceModelRow, inferenceModels } from "../../db/schema";

export async function findInferenceModel(db: Database, id: string): Promise<InferenceModelRow | null> {
  const [row] = await db.select().from(inferenceModels).where(eq(inferenceModels.id, id)).limit(1);
  return row ?? null;
}

/**
 * Counts one message for today (UTC) unless the member already reached `limit`; answers whether it was
 * counted. One statement, so parallel requests cannot both pass the last free slot.
 */
export async function consumeDailyMessage(db: Database, userId: string, limit: number): Promise<boolean> {
  const rows = await db
    .insert(chatUsage)
    .values({ userId, day: sql`(now() at time zone 'utc')::date`, messages: 1 })
    .onConflictDoUpdate({
      target: [chatUsage.userId, chatUsage.day],
      set: { messages: sql`${chatUsage.messages} + 1` },
      setWhere: sql`${chatUsage.messages} < ${limit}`,
    })
    .returning({ messages: chatUsage.messages });
  return rows.length > 0;
}
