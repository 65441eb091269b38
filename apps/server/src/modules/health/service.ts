import type { Health } from "@hearth/contracts";
import type { DatabaseHandle } from "../../db/client";
import { SERVER_VERSION } from "../../paths";
import type { LlmStatus } from "../llm/status";

export async function checkHealth(database: DatabaseHandle, llm: LlmStatus): Promise<Health> {
  const [databaseOk, llmHealth] = await Promise.all([database.ping(), llm.check()]);
  return {
    status: databaseOk && llmHealth.ok ? "ok" : "degraded",
    database: { ok: databaseOk, driver: database.driver },
    llm: llmHealth,
    version: SERVER_VERSION,
  };
}
