import { z } from "zod";
import { permissionSchema } from "./permissions";

/** A language model users can pick (chat spec 3, Inference model); `tokens` is its context label. */
export const inferenceModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  permission: permissionSchema.nullable(),
  hide_unauthorized: z.boolean(),
  tokens: z.string(),
  experimental: z.boolean(),
  /** Whether the requesting user may use it (has the permission). */
  allowed: z.boolean(),
});
export type InferenceModel = z.infer<typeof inferenceModelSchema>;

/** `GET /api/inference-models`: models hidden from unauthorized users are left out. */
export const inferenceModelListSchema = z.object({ data: z.array(inferenceModelSchema) });

export const DEFAULT_INFERENCE_MODEL_ID = "default";
