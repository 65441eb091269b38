import type { Lorebook, LorebookEntry } from "@hearth/contracts";
import { LOREBOOK_DEFAULTS } from "@hearth/contracts";

let nextId = 0;

/** An entry with the defaults, overridden by `fields`. */
export function makeEntry(fields: Partial<LorebookEntry> = {}): LorebookEntry {
  nextId++;
  return {
    id: `e${nextId}`,
    name: "",
    keys: [],
    secondary_keys: [],
    selective_logic: "and_any",
    use_regex: false,
    case_sensitive: false,
    match_whole_words: false,
    content: `content ${nextId}`,
    enabled: true,
    constant: false,
    insertion_order: LOREBOOK_DEFAULTS.insertionOrder,
    priority: LOREBOOK_DEFAULTS.priority,
    position: "before_char",
    depth: LOREBOOK_DEFAULTS.depth,
    probability: LOREBOOK_DEFAULTS.probability,
    extensions: {},
    ...fields,
  };
}

/** A book with the defaults, overridden by `fields`. */
export function makeBook(entries: LorebookEntry[], fields: Partial<Lorebook> = {}): Lorebook {
  return {
    name: "Book",
    description: "",
    scan_depth: LOREBOOK_DEFAULTS.scanDepth,
    token_budget: LOREBOOK_DEFAULTS.tokenBudget,
    recursive_scanning: false,
    entries,
    extensions: {},
    ...fields,
  };
}

/** One token per whitespace-separated word: predictable budgets in tests. */
export const countWords = (text: string): number => text.split(/\s+/).filter(Boolean).length;
