import { type Health, IMAGE_TEXTS } from "@hearth/contracts";
import type { DatabaseHandle } from "../../db/client";
import { SERVER_VERSION } from "../../paths";
import type { LlmHealth } from "../llm/index";

/** `GET /api/health`: whether the database answers and where the default model stands. */
export function presentHealth(
  databaseOk: boolean,
  driver: DatabaseHandle["driver"],
  llm: LlmHealth,
  imageEngine: "a1111" | "openai" | null = null,
): Health {
  return {
    status: databaseOk && llm.ok ? "ok" : "degraded",
    database: { ok: databaseOk, driver },
    llm: { ok: llm.ok, engine: llm.engine, message: llm.message },
    images: imageEngine
      ? { ok: true, engine: imageEngine, message: "Images are available." }
      : { ok: false, engine: "none", message: IMAGE_TEXTS.unavailable },
    version: SERVER_VERSION,
  };
}
