import { FEATURE_FLAG_DEFAULTS, REMOTE_SETTING_DEFAULTS } from "@hearth/contracts";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { featureFlags, remoteSettings } from "../../db/schema";

/** Writes the default of every flag and setting that is missing; never overwrites an operator's value. */
export async function ensureConfigDefaults(db: Database): Promise<void> {
  const flags = Object.entries(FEATURE_FLAG_DEFAULTS).map(([name, enabled]) => ({ name, enabled }));
  const settings = Object.entries(REMOTE_SETTING_DEFAULTS).map(([key, value]) => ({ key, value }));
  await db.insert(featureFlags).values(flags).onConflictDoNothing();
  await db.insert(remoteSettings).values(settings).onConflictDoNothing();
}

export function readFeatureFlags(db: Database) {
  return db.select({ name: featureFlags.name, enabled: featureFlags.enabled }).from(featureFlags);
}

export function readRemoteSettings(db: Database) {
  return db.select({ key: remoteSettings.key, value: remoteSettings.value }).from(remoteSettings);
}

/** The flag, locked until the transaction ends; null when no flag has that name. */
export async function lockFeatureFlag(db: Database, name: string) {
  const [row] = await db
    .select({ name: featureFlags.name, enabled: featureFlags.enabled })
    .from(featureFlags)
    .where(eq(featureFlags.name, name))
    .for("update");
  return row ?? null;
}

/** Answers the updated flag, or null when no flag has that name. */
export async function updateFeatureFlag(db: Database, name: string, enabled: boolean) {
  const [row] = await db
    .update(featureFlags)
    .set({ enabled, updatedAt: sql`now()` })
    .where(eq(featureFlags.name, name))
    .returning({ name: featureFlags.name, enabled: featureFlags.enabled });
  return row ?? null;
}

/** One remote setting's stored value; null when it is not stored. */
export async function readRemoteSetting(
  db: Database,
  key: string,
): Promise<number | string | boolean | null> {
  const [row] = await db.select().from(remoteSettings).where(eq(remoteSettings.key, key)).limit(1);
  return row?.value ?? null;
}
