import { PAID_ROLES, type Role } from "@hearth/contracts";
import { definePolicy } from "../../policy";

/** Whoever asks: a member's role, or null for guests and anonymous visitors. */
export type PromotionActor = { role: Role | null };

type PromotionSubjects = {
  /** The Easter giveaway's code: active subscribers only (account spec 6). */
  see_easter_code: null;
};

const subscriber = (actor: PromotionActor) =>
  actor.role !== null && (PAID_ROLES as readonly Role[]).includes(actor.role);

export const can = definePolicy<PromotionActor, PromotionSubjects>({
  see_easter_code: (actor) => subscriber(actor),
});
