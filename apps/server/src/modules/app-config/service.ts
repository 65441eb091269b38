import type { Database } from "../../db/client";
import { notFound } from "../../http/errors";
import { readFeatureFlags, readRemoteSettings, updateFeatureFlag } from "./repository";

export async function readStoredConfig(db: Database) {
  const flags = await readFeatureFlags(db);
  const settings = await readRemoteSettings(db);
  return { flags, settings };
}

export async function setFeatureFlag(db: Database, name: string, enabled: boolean) {
  const flag = await updateFeatureFlag(db, name, enabled);
  if (!flag) throw notFound();
  return flag;
}
