import type { Database } from "../../db/client";
import { notFound } from "../../http/errors";
import { auditSubjectIdOf, recordAudit } from "../audit/index";
import { lockFeatureFlag, readFeatureFlags, readRemoteSettings, updateFeatureFlag } from "./repository";

export async function readStoredConfig(db: Database) {
  const flags = await readFeatureFlags(db);
  const settings = await readRemoteSettings(db);
  return { flags, settings };
}

/**
 * `PUT /api/admin/flags/{name}` (admins, the route's declared access): switches the flag and records it
 * in the audit log (`feature_flag.set`, before and after) in the same transaction.
 */
export async function setFeatureFlag(db: Database, actorUserId: string, name: string, enabled: boolean) {
  return db.transaction(async (tx) => {
    const before = await lockFeatureFlag(tx, name);
    if (!before) throw notFound();
    const flag = await updateFeatureFlag(tx, name, enabled);
    if (!flag) throw notFound();
    await recordAudit(tx, {
      actorUserId,
      action: "feature_flag.set",
      subjectType: "feature_flag",
      subjectId: auditSubjectIdOf("feature_flag", name),
      before: { name: before.name, enabled: before.enabled },
      after: { name: flag.name, enabled: flag.enabled },
    });
    return flag;
  });
}
