import { asc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { inferenceModels } from "../../db/schema";
import { INFERENCE_MODEL_SEEDS } from "./catalogue";

/** Adds the seeded models that are missing; never overwrites an operator's changes. */
export async function ensureInferenceModels(db: Database): Promise<void> {
  await db
    .insert(inferenceModels)
    .values([...INFERENCE_MODEL_SEEDS])
    .onConflictDoNothing();
}

export function listInferenceModelRows(db: Database) {
  return db.select().from(inferenceModels).orderBy(asc(inferenceModels.sortOrder), asc(inferenceModels.id));
}
