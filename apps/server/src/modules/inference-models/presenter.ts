import type { InferenceModel, Permission } from "@hearth/contracts";
import type { InferenceModelRow } from "../../db/schema";
import { can } from "./policy";

export function presentInferenceModel(
  row: InferenceModelRow,
  permissions: readonly Permission[],
): InferenceModel {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permission: row.permission,
    hide_unauthorized: row.hideUnauthorized,
    tokens: row.tokens,
    experimental: row.experimental,
    allowed: can({ permissions }, "use", row),
  };
}
