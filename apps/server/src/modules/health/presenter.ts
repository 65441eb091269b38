import type { Health } from "@hearth/contracts";
import type { DatabaseHandle } from "../../db/client";
import { SERVER_VERSION } from "../../paths";
import type { LlmHealth } from "../llm/index";

/** `GET /api/health`: whether the database answers and where the default model stands. */
export function presentHealth(databaseOk: boolean, driver: DatabaseHandle["driver"], llm: LlmHealth): Health {
  return {
    status: databaseOk && llm.ok ? "ok" : "degraded",
    database: { ok: databaseOk, driver },
    llm: { ok: llm.ok, engine: llm.engine, message: llm.message },
    version: SERVER_VERSION,
  };
}
