import type { InferenceModel } from "@hearth/contracts";
import type { Database } from "../../db/client";
import { permissionsOf } from "../../kernel/access-policy";
import type { AuthContext } from "../../kernel/auth-context";
import { can } from "./policy";
import { presentInferenceModel } from "./presenter";
import { listInferenceModelRows } from "./repository";

/** The models the viewer may see, each with whether they may use it. */
export async function listInferenceModels(db: Database, auth: AuthContext): Promise<InferenceModel[]> {
  const permissions = permissionsOf(auth);
  const rows = await listInferenceModelRows(db);
  return rows
    .filter((row) => can({ permissions }, "see", row))
    .map((row) => presentInferenceModel(row, permissions));
}
