import {
  type TrainingStatus,
  type TrainResponse,
  trainingStatusSchema,
  trainResponseSchema,
} from "@hearth/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

export const trainingKeys = {
  status: (characterId: string) => ["training", "status", characterId] as const,
};

/** The training dialog's state for a character (`GET /api/characters/train/status`). */
export function useTrainingStatus(characterId: string, enabled: boolean) {
  return useQuery<TrainingStatus>({
    queryKey: trainingKeys.status(characterId),
    queryFn: () =>
      apiFetch(`/characters/train/status?character_id=${encodeURIComponent(characterId)}`, {
        schema: trainingStatusSchema,
      }),
    enabled,
    // While it waits in the queue its place moves: read it again now and then while the dialog is open.
    refetchInterval: (query) =>
      query.state.data?.request && query.state.data.request.position !== null ? 60_000 : false,
  });
}

/** Asks for the character's training (`POST /api/characters/train`); answers the queue's length. */
export function useRequestTraining(characterId: string) {
  const queryClient = useQueryClient();
  return useMutation<TrainResponse, Error, void>({
    mutationFn: () =>
      apiFetch("/characters/train", {
        method: "POST",
        body: { character_id: characterId },
        schema: trainResponseSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trainingKeys.status(characterId) }),
  });
}
