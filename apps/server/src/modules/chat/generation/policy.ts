import { DAILY_MESSAGE_LIMITS, GUEST_MESSAGE_LIMIT, type Permission } from "@hearth/contracts";
import type { InferenceModelRow } from "../../../db/schema";
import { permissionsOf } from "../../../kernel/access-policy";
import { type AuthContext, sessionKeyOf } from "../../../kernel/auth-context";
import { definePolicy } from "../../../policy";
import { can as modelCan } from "../../inference-models/index";

/** Who generates: the request's auth, or the permissions a running generation took with it. */
export type GenerationActor = AuthContext | { permissions: readonly Permission[] };

const permissionsOfActor = (actor: GenerationActor): readonly Permission[] =>
  "kind" in actor ? permissionsOf(actor) : actor.permissions;

type GenerationSubjects = {
  /** Generate with this model (its permission gate, inference-models policy). */
  use_model: Pick<InferenceModelRow, "permission">;
  /** Set the sampling sliders (max tokens, temperature, top p, top k). */
  adjust_settings: null;
  /** Have summary memories written automatically after a reply. */
  write_auto_memories: null;
  /**
   * Chat with a character the actor may view (characters' `view`): not while the member has blocked its
   * creator (403 blockedBotCreator); `creatorBlocked` is read for the member with the character.
   */
  chat_with: { creatorBlocked: boolean };
  /** Resume or stop a reply's event stream (REPLY_STREAM): only the session that generates it. */
  use_reply_stream: { owner: string };
};
export type GenerationAction = keyof GenerationSubjects;

export const can = definePolicy<GenerationActor, GenerationSubjects>({
  use_model: (actor, model) => modelCan({ permissions: permissionsOfActor(actor) }, "use", model),
  adjust_settings: (actor) => permissionsOfActor(actor).includes("generation_settings"),
  write_auto_memories: (actor) => permissionsOfActor(actor).includes("conversation_memory_auto"),
  chat_with: (_actor, character) => !character.creatorBlocked,
  use_reply_stream: (actor, stream) => "kind" in actor && sessionKeyOf(actor) === stream.owner,
});

/** How generations are metered for someone (README "Caps"; values in contracts chat.ts). */
export type Allowance =
  | { per: "guest_session"; limit: number }
  | { per: "day"; limit: number }
  | { per: "none" };

export function allowanceOf(auth: AuthContext): Allowance {
  if (auth.kind === "guest") return { per: "guest_session", limit: GUEST_MESSAGE_LIMIT };
  if (auth.kind !== "member") return { per: "none" };
  const limit = DAILY_MESSAGE_LIMITS[auth.user.role];
  return limit === null ? { per: "none" } : { per: "day", limit };
}
