import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { analyticsEvents } from "../../db/schema";

export type NewEvent = {
  userId: string | null;
  guestId: string | null;
  eventName: string;
  payload: Record<string, unknown>;
};

export async function insertEvent(db: Database, event: NewEvent): Promise<string> {
  const [row] = await db.insert(analyticsEvents).values(event).returning({ id: analyticsEvents.id });
  if (!row) throw new Error("Inserting an analytics event returned no row");
  return row.id;
}

/** Analytics events have no foreign key (they outlive accounts): unlink them from the person instead. */
export async function unlinkUserEvents(db: Database, userId: string): Promise<void> {
  await db.update(analyticsEvents).set({ userId: null }).where(eq(analyticsEvents.userId, userId));
}
