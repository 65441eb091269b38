import type { Permission } from "@hearth/contracts";
import { boolean, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./platform";

/** Language models users can pick (chat spec 3, Inference model), each mapped to the platform engine. */
export const inferenceModels = pgTable("inference_models", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  /** Needed to use the model; null: everyone. */
  permission: text("permission").$type<Permission>(),
  /** Unauthorized users do not see the model at all (otherwise they see it disabled). */
  hideUnauthorized: boolean("hide_unauthorized").notNull().default(false),
  /** Context label shown with the model, such as 8K or 16K. */
  tokens: text("tokens").notNull(),
  experimental: boolean("experimental").notNull().default(false),
  /** Model name sent to an OpenAI-compatible server; null: LLM_MODEL. The embedded engine has one model. */
  upstreamModel: text("upstream_model"),
  /** Context for holders of 8k_context on this model: 8192 or 16384 (chat spec 6). */
  largeContextTokens: integer("large_context_tokens").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
});

export type InferenceModelRow = typeof inferenceModels.$inferSelect;
