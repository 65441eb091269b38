import type { LorebookEntry } from "@hearth/contracts";

export const ENTRY_SORTS = ["order", "name", "priority"] as const;
export type EntrySort = (typeof ENTRY_SORTS)[number];

export const ENTRY_SORT_LABELS: Record<EntrySort, string> = {
  order: "Insertion order",
  name: "Name",
  priority: "Priority",
};

/** An entry's label: its name, else its first key, else its id. */
export function entryLabel(entry: Pick<LorebookEntry, "name" | "keys" | "id">): string {
  return entry.name.trim() || entry.keys.find((key) => key.trim())?.trim() || `Entry ${entry.id}`;
}

/** Entries whose name, keys or content contain the text (any case). */
export function searchEntries<E extends LorebookEntry>(entries: readonly E[], text: string): E[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...entries];
  return entries.filter(
    (entry) =>
      entry.name.toLowerCase().includes(needle) ||
      entry.keys.some((key) => key.toLowerCase().includes(needle)) ||
      entry.content.toLowerCase().includes(needle),
  );
}

/** Sorted copy: insertion order (lower first), name (A to Z), or priority (higher first); ties by id. */
export function sortEntries<E extends LorebookEntry>(entries: readonly E[], sort: EntrySort): E[] {
  const byId = (a: E, b: E) => a.id.localeCompare(b.id, undefined, { numeric: true });
  const compare: Record<EntrySort, (a: E, b: E) => number> = {
    order: (a, b) => a.insertion_order - b.insertion_order || byId(a, b),
    name: (a, b) => entryLabel(a).localeCompare(entryLabel(b)) || byId(a, b),
    priority: (a, b) => b.priority - a.priority || byId(a, b),
  };
  return [...entries].sort(compare[sort]);
}

/** Keys typed as a comma-separated list (a regular-expression key keeps its commas inside /.../). */
export function parseKeys(text: string): string[] {
  const keys: string[] = [];
  let current = "";
  let inRegex = false;
  for (const char of text) {
    if (char === "/" && current.trim() === "") inRegex = true;
    else if (char === "/" && inRegex) inRegex = false;
    if (char === "," && !inRegex) {
      if (current.trim()) keys.push(current.trim());
      current = "";
      continue;
    }
    current += char;
  }
  if (current.trim()) keys.push(current.trim());
  return [...new Set(keys)];
}

export const formatKeys = (keys: readonly string[]): string => keys.join(", ");

/** Reads a chosen file as JSON; throws a readable message when it is not JSON. */
export async function readJsonFile(file: File): Promise<Record<string, unknown>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    throw new Error(`${file.name} is not a JSON file.`);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new Error(`${file.name} is not a lorebook file.`);
  }
  return parsed as Record<string, unknown>;
}
