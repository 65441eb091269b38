import { PERSONA_CAPS } from "@hearth/contracts";
import type { PersonaRow, UserRow } from "../../db/schema";
import { definePolicy } from "../../policy";

/** The member asking (services pass `{ userId: user.id }` or a conversation's member viewer). */
export type PersonaActor = { userId: string };

type PersonaSubjects = {
  /** See, change or delete a persona: personas are private to their member. */
  manage: Pick<PersonaRow, "userId">;
  /** Speak as a persona in a conversation or generation: only one of the member's own. */
  use: Pick<PersonaRow, "userId">;
};
export type PersonaAction = keyof PersonaSubjects;

const ownsPersona = (actor: PersonaActor, persona: Pick<PersonaRow, "userId">) =>
  persona.userId === actor.userId;

export const can = definePolicy<PersonaActor, PersonaSubjects>({ manage: ownsPersona, use: ownsPersona });

/** How many personas the member's plan allows (contracts PERSONA_CAPS). */
export function personaCapOf(user: Pick<UserRow, "role">): number {
  return PERSONA_CAPS[user.role];
}
