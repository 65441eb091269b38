import type { Persona } from "@hearth/contracts";

/** Chat spec 2, My Personas: names starting with the typed text, case-insensitive. */
export function filterPersonas(personas: readonly Persona[], search: string): Persona[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...personas];
  return personas.filter((p) => p.name.toLocaleLowerCase().startsWith(needle));
}

/** Default persona first, then by name. */
export function sortPersonas(personas: readonly Persona[]): Persona[] {
  return [...personas].sort(
    (a, b) => Number(b.is_default) - Number(a.is_default) || a.name.localeCompare(b.name),
  );
}
