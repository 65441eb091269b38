import type { Health } from "@hearth/contracts";
import type { DatabaseHandle } from "../../db/client";
import type { LlmRegistry } from "../llm/index";
import { presentHealth } from "./presenter";

export async function checkHealth(
  database: DatabaseHandle,
  llm: Pick<LlmRegistry, "defaultStatus">,
  imageEngine: "a1111" | "openai" | null = null,
): Promise<Health> {
  const [databaseOk, llmHealth] = await Promise.all([database.ping(), llm.defaultStatus()]);
  return presentHealth(databaseOk, database.driver, llmHealth, imageEngine);
}
