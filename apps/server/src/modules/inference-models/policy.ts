import { CONTEXT_TOKENS, type Permission } from "@hearth/contracts";
import type { InferenceModelRow } from "../../db/schema";
import { definePolicy } from "../../policy";

type Gated = Pick<InferenceModelRow, "permission">;

/** Whether someone with these permissions may generate with the model. */
export function canUseModel(permissions: readonly Permission[], model: Gated): boolean {
  return model.permission === null || permissions.includes(model.permission);
}

/** Unauthorized users see the model disabled, or not at all when it hides itself. */
export function canSeeModel(
  permissions: readonly Permission[],
  model: Gated & Pick<InferenceModelRow, "hideUnauthorized">,
): boolean {
  return !model.hideUnauthorized || canUseModel(permissions, model);
}

/**
 * Prompt context for a user on a model (chat spec 6 and 9): 2048 base; 3072 with 3k_context, 4096 with
 * 4k_context, and the model's large size (8192 or 16384) with 8k_context. The engine's own maximum
 * caps it further (ResolvedProvider.contextSize).
 */
export function contextSizeFor(
  permissions: readonly Permission[],
  model: Pick<InferenceModelRow, "largeContextTokens">,
): number {
  if (permissions.includes("8k_context")) return model.largeContextTokens;
  if (permissions.includes("4k_context")) return CONTEXT_TOKENS["4k"];
  if (permissions.includes("3k_context")) return CONTEXT_TOKENS["3k"];
  return CONTEXT_TOKENS.base;
}

/** Whoever asks, by their permissions (`permissionsOf(auth)`, or those a running generation took along). */
export type ModelActor = { permissions: readonly Permission[] };

type ModelSubjects = {
  use: Gated;
  see: Gated & Pick<InferenceModelRow, "hideUnauthorized">;
};
export type ModelAction = keyof ModelSubjects;

export const can = definePolicy<ModelActor, ModelSubjects>({
  use: (actor, model) => canUseModel(actor.permissions, model),
  see: (actor, model) => canSeeModel(actor.permissions, model),
});
