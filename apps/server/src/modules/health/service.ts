import type { Health } from "@hearth/contracts";
import type { DatabaseHandle } from "../../db/client";
import { SERVER_VERSION } from "../../paths";
import type { LlmRegistry } from "../llm/provider";

export async function checkHealth(
  database: DatabaseHandle,
  llm: Pick<LlmRegistry, "defaultStatus">,
): Promise<Health> {
  const [databaseOk, llmHealth] = await Promise.all([database.ping(), llm.defaultStatus()]);
  return {
    status: databaseOk && llmHealth.ok ? "ok" : "degraded",
    database: { ok: databaseOk, driver: database.driver },
    llm: llmHealth,
    version: SERVER_VERSION,
  };
}
