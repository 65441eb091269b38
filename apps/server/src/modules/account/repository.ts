import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { analyticsEvents, remoteSettings } from "../../db/schema";

/** Analytics events have no foreign key (they outlive accounts): unlink them from the person instead. */
export async function unlinkAnalyticsEvents(db: Database, userId: string): Promise<void> {
  await db.update(analyticsEvents).set({ userId: null }).where(eq(analyticsEvents.userId, userId));
}

export async function readRemoteSetting(
  db: Database,
  key: string,
): Promise<number | string | boolean | null> {
  const [row] = await db.select().from(remoteSettings).where(eq(remoteSettings.key, key)).limit(1);
  return row?.value ?? null;
}
