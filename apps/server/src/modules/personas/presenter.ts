import type { Persona } from "@hearth/contracts";
import type { PersonaRow } from "../../db/schema";

export function presentPersona(row: PersonaRow): Persona {
  return {
    id: row.id,
    name: row.name,
    avatar_url: row.avatarUrl,
    highlights: row.highlights,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
  };
}
