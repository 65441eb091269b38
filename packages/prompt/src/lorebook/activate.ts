// Which lorebook entries go into a prompt: scans the newest messages (and, for a recursive book, the
// content of entries already activated) for each entry's keys, applies the secondary-key logic, rolls
// each entry's probability with a seeded generator, and keeps each book within its token budget,
// higher priority first. Pure and deterministic: the same input and seed give the same result.

import type { Lorebook, LorebookEntry, LorePosition } from "@hearth/contracts";
import { LOREBOOK_LIMITS } from "@hearth/contracts";
import { withDecorators } from "./decorators";
import { KeyMatcher, type KeySpec } from "./matcher";

export type LoreSource = {
  kind: "character" | "conversation" | "member";
  id: string;
  name: string;
  book: Lorebook;
};

export type ActivationInput = {
  sources: LoreSource[];
  /** Message texts, oldest first; each book scans its newest `scan_depth` of them (plus, when recursive_scanning, the content of entries already activated). */
  history: string[];
  /** Same seed, same inputs: same result (probability rolls). */
  seed: number;
  countTokens: (text: string) => number;
};

export type FireReason =
  | { kind: "constant" }
  /** The primary key that matched and the secondary keys that satisfied the logic. */
  | { kind: "key"; key: string; secondary: string[] }
  /** Matched in the content of entry `via` (its name, or its first key or id when it has none). */
  | { kind: "recursive"; key: string; via: string };

export type FiredEntry = {
  sourceKind: LoreSource["kind"];
  sourceId: string;
  bookName: string;
  entryId: string;
  entryName: string;
  content: string;
  position: LorePosition;
  depth: number;
  insertionOrder: number;
  priority: number;
  tokens: number;
  reason: FireReason;
};

export type SkippedEntry = {
  sourceId: string;
  entryId: string;
  entryName: string;
  why: "budget" | "probability";
};

/** `fired` is sorted by insertion order (ties: source order, then entry order). */
export type ActivationResult = { fired: FiredEntry[]; skipped: SkippedEntry[] };

/**
 * At most this many characters of the newest text are scanned per book (about 50k tokens), which also
 * bounds how long any regular-expression key can run.
 */
export const LORE_SCAN_CHARS_MAX = 200_000;

type CompiledEntry = {
  index: number;
  entry: LorebookEntry;
  primary: number[];
  secondary: number[];
};

type CompiledBook = {
  matcher: KeyMatcher;
  /** The key text of each compiled key, for reasons. */
  keyText: string[];
  /** Enabled entries; constant ones first never need keys. */
  entries: CompiledEntry[];
  /** Token counts of entry contents, per counter. */
  tokens: WeakMap<(text: string) => number, Map<number, number>>;
};

/** Books are treated as immutable: a changed book must be a new object to be compiled again. */
const compiled = new WeakMap<Lorebook, CompiledBook>();

function compileBook(book: Lorebook): CompiledBook {
  const cached = compiled.get(book);
  if (cached) return cached;
  const specs: KeySpec[] = [];
  const keyText: string[] = [];
  const entries: CompiledEntry[] = [];
  const addKeys = (entry: LorebookEntry, keys: readonly string[]): number[] => {
    const ids: number[] = [];
    for (const key of keys) {
      if (key.length === 0) continue;
      ids.push(specs.length);
      keyText.push(key);
      specs.push({
        text: key,
        useRegex: entry.use_regex,
        caseSensitive: entry.case_sensitive,
        wholeWord: entry.match_whole_words,
      });
    }
    return ids;
  };
  book.entries.forEach((written, index) => {
    const entry = withDecorators(written);
    if (!entry.enabled || entry.dontActivate) return;
    const primary = entry.constant ? [] : addKeys(entry, entry.keys);
    if (!entry.constant && primary.length === 0) return;
    const secondary = entry.constant ? [] : addKeys(entry, entry.secondary_keys);
    entries.push({ index, entry, primary, secondary });
  });
  const result: CompiledBook = { matcher: new KeyMatcher(specs), keyText, entries, tokens: new WeakMap() };
  compiled.set(book, result);
  return result;
}

/** FNV-1a of a string, mixed with a number. */
function hash(text: string, seed: number): number {
  let value = (0x811c9dc5 ^ seed) >>> 0;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** The first output of mulberry32 for `seed`, in [0, 1). */
function mulberry32(seed: number): number {
  let t = (seed + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

/** Whether an entry with `probability` percent is inserted, for this seed, source and entry. */
export function rollProbability(
  probability: number,
  seed: number,
  sourceId: string,
  entryId: string,
): boolean {
  if (probability >= 100) return true;
  if (probability <= 0) return false;
  return mulberry32(hash(`${sourceId}\u0000${entryId}`, seed | 0)) * 100 < probability;
}

const displayName = (entry: LorebookEntry): string =>
  entry.name.trim() || entry.keys.find((key) => key.length > 0) || entry.id;

/** The newest `depth` messages joined by new lines, capped to the newest LORE_SCAN_CHARS_MAX characters. */
function scanText(history: readonly string[], depth: number): string {
  if (depth <= 0 || history.length === 0) return "";
  const text = history.slice(Math.max(0, history.length - depth)).join("\n");
  if (text.length <= LORE_SCAN_CHARS_MAX) return text;
  let start = text.length - LORE_SCAN_CHARS_MAX;
  const code = text.charCodeAt(start);
  if (code >= 0xdc00 && code <= 0xdfff) start++;
  return text.slice(start);
}

/** Not matched yet / matched in the history; 0 and above: matched in the content of that activation. */
const NOT_FOUND = -2;
const IN_HISTORY = -1;

type Activation = { entry: CompiledEntry; reason: FireReason };

/**
 * Scans the contents of activations `from` on for keys not found yet, all in one text, and records in
 * `foundIn` which activation's content each key was found in.
 */
function scanContents(
  matcher: KeyMatcher,
  activations: readonly Activation[],
  first: number,
  seen: Uint8Array,
  foundIn: Int32Array,
): void {
  const parts: string[] = [];
  const lowered: string[] = [];
  const owners: number[] = [];
  // At most LORE_SCAN_CHARS_MAX characters of contents per pass, like the history.
  let room = LORE_SCAN_CHARS_MAX;
  for (let index = first; index < activations.length && room > 0; index++) {
    let content = (activations[index] as Activation).entry.entry.content;
    if (content.length === 0) continue;
    if (content.length > room) content = content.slice(0, room);
    room -= content.length + 1;
    parts.push(content);
    lowered.push(content.toLowerCase());
    owners.push(index);
  }
  const text = parts.join("\n");
  const lowText = lowered.join("\n");
  if (text.length !== lowText.length) {
    // Lowercasing changed some lengths: positions differ between the two texts, so one content at a time.
    parts.forEach((part, index) => {
      matcher.scan(part, lowered[index] as string, seen, (keyId) => {
        foundIn[keyId] = owners[index] as number;
      });
    });
    return;
  }
  const ends: number[] = [];
  let offset = 0;
  for (const part of parts) {
    offset += part.length;
    ends.push(offset);
    offset += 1;
  }
  matcher.scan(text, lowText, seen, (keyId, end) => {
    // The content holding the last character of the occurrence.
    let low = 0;
    let high = ends.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((ends[middle] as number) >= end) high = middle;
      else low = middle + 1;
    }
    foundIn[keyId] = owners[low] as number;
  });
}

function activateBook(
  source: LoreSource,
  history: readonly string[],
  texts: Map<number, { text: string; lowered: string }>,
  seed: number,
  countTokens: (text: string) => number,
): { fired: { entry: FiredEntry; index: number }[]; skipped: SkippedEntry[] } {
  const { book } = source;
  const compiledBook = compileBook(book);
  const { matcher, keyText, entries } = compiledBook;
  const from = new Int32Array(keyText.length).fill(NOT_FOUND);
  const seen = new Uint8Array(keyText.length);
  const activations: Activation[] = [];
  const skipped: SkippedEntry[] = [];
  const done = new Uint8Array(entries.length);

  const keyEntries = entries.some((entry) => !entry.entry.constant);
  if (keyEntries) {
    const depth = Math.min(book.scan_depth, LOREBOOK_LIMITS.scanDepthMax);
    let scanned = texts.get(depth);
    if (!scanned) {
      const text = scanText(history, depth);
      scanned = { text, lowered: text.toLowerCase() };
      texts.set(depth, scanned);
    }
    if (scanned.text.length > 0) {
      matcher.scan(scanned.text, scanned.lowered, seen, (keyId) => {
        from[keyId] = IN_HISTORY;
      });
    }
  }

  const found = (keyId: number): boolean => (from[keyId] as number) !== NOT_FOUND;
  const maxPasses = book.recursive_scanning ? 1 + LOREBOOK_LIMITS.recursionPassesMax : 1;
  for (let pass = 0; pass < maxPasses; pass++) {
    const before = activations.length;
    entries.forEach((compiledEntry, position) => {
      if (done[position] === 1) return;
      const { entry } = compiledEntry;
      let reason: FireReason | null = null;
      if (entry.constant) {
        if (pass > 0) return;
        reason = { kind: "constant" };
      } else {
        if (!compiledEntry.primary.some(found)) return;
        const primary = compiledEntry.primary.filter(found);
        const matched = compiledEntry.secondary.filter(found);
        const total = compiledEntry.secondary.length;
        let satisfied: number[] = [];
        if (total > 0) {
          const missing = compiledEntry.secondary.filter((keyId) => !found(keyId));
          switch (entry.selective_logic) {
            case "and_any":
              if (matched.length === 0) return;
              satisfied = matched;
              break;
            case "and_all":
              if (matched.length < total) return;
              satisfied = matched;
              break;
            case "not_any":
              if (matched.length > 0) return;
              satisfied = missing;
              break;
            case "not_all":
              if (matched.length === total) return;
              satisfied = missing;
              break;
          }
        }
        const secondary = satisfied.map((keyId) => keyText[keyId] as string);
        if (pass === 0) {
          reason = { kind: "key", key: keyText[primary[0] as number] as string, secondary };
        } else {
          // The key found in an activated entry's content; else the secondary key that was.
          const viaKey =
            primary.find((keyId) => (from[keyId] as number) >= 0) ??
            satisfied.find((keyId) => (from[keyId] as number) >= 0);
          const key = primary.find((keyId) => (from[keyId] as number) >= 0) ?? (primary[0] as number);
          const viaIndex = viaKey === undefined ? before - 1 : (from[viaKey] as number);
          const via = activations[viaIndex];
          reason = {
            kind: "recursive",
            key: keyText[key] as string,
            via: via ? displayName(via.entry.entry) : "",
          };
        }
      }
      done[position] = 1;
      if (!entry.constant && !rollProbability(entry.probability, seed, source.id, entry.id)) {
        skipped.push({
          sourceId: source.id,
          entryId: entry.id,
          entryName: displayName(entry),
          why: "probability",
        });
        return;
      }
      activations.push({ entry: compiledEntry, reason });
    });
    if (!book.recursive_scanning || activations.length === before) break;
    // Scan the content of this pass's activations for the keys not found yet.
    scanContents(matcher, activations, before, seen, from);
  }

  // The budget: higher priority first (ties: constant, lower insertion order, entry order); the first
  // that does not fit and everything after it are skipped, so no lower priority ever displaces a higher.
  let counts = compiledBook.tokens.get(countTokens);
  if (!counts) {
    counts = new Map();
    compiledBook.tokens.set(countTokens, counts);
  }
  const tokensOf = (compiledEntry: CompiledEntry): number => {
    const { entry, index } = compiledEntry;
    let tokens = (counts as Map<number, number>).get(index);
    if (tokens === undefined) {
      tokens = entry.content.length === 0 ? 0 : countTokens(entry.content);
      (counts as Map<number, number>).set(index, tokens);
    }
    return tokens;
  };
  const ranked = [...activations].sort((a, b) => {
    const x = a.entry;
    const y = b.entry;
    return (
      y.entry.priority - x.entry.priority ||
      Number(y.entry.constant) - Number(x.entry.constant) ||
      x.entry.insertion_order - y.entry.insertion_order ||
      x.index - y.index
    );
  });
  const fired: { entry: FiredEntry; index: number }[] = [];
  let used = 0;
  let full = false;
  for (const activation of ranked) {
    const { entry, index } = activation.entry;
    // Tokens are counted only until the budget is full: what comes after is skipped uncounted.
    const tokens = full ? 0 : tokensOf(activation.entry);
    if (!full && used + tokens <= book.token_budget) {
      used += tokens;
      fired.push({
        index,
        entry: {
          sourceKind: source.kind,
          sourceId: source.id,
          bookName: book.name,
          entryId: entry.id,
          entryName: displayName(entry),
          content: entry.content,
          position: entry.position,
          depth: entry.depth,
          insertionOrder: entry.insertion_order,
          priority: entry.priority,
          tokens,
          reason: activation.reason,
        },
      });
    } else {
      full = true;
      skipped.push({ sourceId: source.id, entryId: entry.id, entryName: displayName(entry), why: "budget" });
    }
  }
  return { fired, skipped };
}

/** The entries of every source's book that go into the prompt, and those left out and why. */
export function activateLore(input: ActivationInput): ActivationResult {
  const texts = new Map<number, { text: string; lowered: string }>();
  const fired: { entry: FiredEntry; source: number; order: number }[] = [];
  const skipped: SkippedEntry[] = [];
  input.sources.forEach((source, sourceIndex) => {
    const result = activateBook(source, input.history, texts, input.seed, input.countTokens);
    for (const { entry, index } of result.fired) fired.push({ entry, source: sourceIndex, order: index });
    skipped.push(...result.skipped);
  });
  fired.sort(
    (a, b) => a.entry.insertionOrder - b.entry.insertionOrder || a.source - b.source || a.order - b.order,
  );
  return { fired: fired.map((item) => item.entry), skipped };
}
