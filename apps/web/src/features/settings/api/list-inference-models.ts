import { type InferenceModel, inferenceModelListSchema } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

/** `GET /api/inference-models`: the models this user may see, each saying whether it may be used. */
export function useInferenceModels() {
  return useQuery<InferenceModel[]>({
    queryKey: ["inference-models"],
    queryFn: async ({ signal }) =>
      (await apiFetch("/inference-models", { schema: inferenceModelListSchema, signal })).data,
  });
}
