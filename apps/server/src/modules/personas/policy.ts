import { PERSONA_CAPS } from "@hearth/contracts";
import type { PersonaRow, UserRow } from "../../db/schema";

/** Personas are private to their member: nobody else may see, change or delete them. */
export function canManagePersona(user: UserRow, persona: PersonaRow): boolean {
  return persona.userId === user.id;
}

/** How many personas the member's plan allows (contracts PERSONA_CAPS). */
export function personaCapOf(user: UserRow): number {
  return PERSONA_CAPS[user.role];
}
