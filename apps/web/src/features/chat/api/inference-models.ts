import { inferenceModelListSchema } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { chatKeys } from "./query-keys";

/** Models the user may see (`GET /api/inference-models`); each says whether it is allowed. */
export function useInferenceModels(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.models,
    queryFn: ({ signal }) => apiFetch("/inference-models", { schema: inferenceModelListSchema, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
