import { type InferenceModel, inferenceModelListSchema } from "@hearth/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../lib/api-client";

export const inferenceModelKeys = {
  all: ["inference-models"] as const,
};

/** `GET /api/inference-models`: the models this user may see, each saying whether it may be used. */
export async function fetchInferenceModels(signal?: AbortSignal): Promise<InferenceModel[]> {
  return (await apiFetch("/inference-models", { schema: inferenceModelListSchema, signal })).data;
}

/** Shared by the settings page and the chat's model picker; the list changes rarely. */
export function inferenceModelsQuery() {
  return queryOptions({
    queryKey: inferenceModelKeys.all,
    queryFn: ({ signal }) => fetchInferenceModels(signal),
    staleTime: 5 * 60_000,
  });
}

export function useInferenceModels(enabled = true) {
  return useQuery({ ...inferenceModelsQuery(), enabled });
}
