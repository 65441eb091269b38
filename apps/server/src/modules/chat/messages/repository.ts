import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { messageRatings, messageReports } from "../../../db/schema";

/** Answers false when the message was already rated. */
export async function insertRating(
  db: Database,
  values: { messageId: string; userId: string; rating: number | null; label: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(messageRatings)
    .values(values)
    .onConflictDoNothing()
    .returning({ messageId: messageRatings.messageId });
  return rows.length > 0;
}

/**
 * The follow-up label of a star already given (chat spec 4: a star or a follow-up label submits): set once,
 * on a rating without a label and, when the body names a star, only that star. Answers the stored rating,
 * or undefined when there is nothing to follow up.
 */
export async function addRatingLabel(
  db: Database,
  values: { messageId: string; userId: string; rating: number | null; label: string },
): Promise<{ rating: number | null } | undefined> {
  const [row] = await db
    .update(messageRatings)
    .set({ label: values.label })
    .where(
      and(
        eq(messageRatings.messageId, values.messageId),
        eq(messageRatings.userId, values.userId),
        isNull(messageRatings.label),
        values.rating === null ? undefined : eq(messageRatings.rating, values.rating),
      ),
    )
    .returning({ rating: messageRatings.rating });
  return row;
}

/** One report per message and reporter; reporting again answers the existing report (`created` false). */
export async function insertReport(
  db: Database,
  values: typeof messageReports.$inferInsert,
): Promise<{ id: string; created: boolean }> {
  const [inserted] = await db
    .insert(messageReports)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: messageReports.id });
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await db
    .select({ id: messageReports.id })
    .from(messageReports)
    .where(
      and(
        eq(messageReports.messageId, values.messageId),
        eq(messageReports.reporterUserId, values.reporterUserId),
      ),
    );
  if (!existing) throw new Error("Report insert returned nothing");
  return { id: existing.id, created: false };
}
