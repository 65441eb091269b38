// Compiles a book's keys once into matchers that scan a text in one pass: every plain key of a book goes
// into one Aho-Corasick automaton (one for case-insensitive keys over the lowercased text, one for
// case-sensitive keys over the text itself), so the cost of a scan grows with the text, not with
// text × keys. Regular-expression keys run on their own, over a capped text.

/** What a key is, once compiled. */
export type CompiledKey = { kind: "plain" } | { kind: "regex"; regex: RegExp } | { kind: "never" };

export type KeySpec = { text: string; useRegex: boolean; caseSensitive: boolean; wholeWord: boolean };

/**
 * A dense automaton over a small alphabet: characters no pattern uses map to symbol 0. Each state lists
 * every pattern ending there (its own and those down its failure links), and a scan keeps, per state,
 * how many of those are still wanted, so states whose patterns are all found cost one read.
 */
/** Past this many cells (states × alphabet), an automaton keeps sparse transitions (a large CJK book). */
const DENSE_CELLS_MAX = 4_000_000;

/**
 * An Aho-Corasick automaton over a small alphabet: characters no pattern uses map to symbol 0. Dense
 * (a full transition table, states numbered breadth first so the shallow ones sit together) when small
 * enough, else sparse (trie edges and failure links). Each state lists every pattern ending there (its
 * own and those down its failure links), and a scan keeps, per state, how many of those are still
 * wanted, so states whose patterns are all found cost one read.
 */
export class Automaton {
  private readonly alphabet: Uint16Array;
  private readonly width: number;
  private readonly delta: Uint16Array | Int32Array | null;
  private readonly edges: Map<number, number> | null;
  private readonly fail: Int32Array;
  /** The patterns ending at state s are outList[outStart[s] .. outStart[s + 1]). */
  private readonly outStart: Int32Array;
  private readonly outList: Int32Array;
  /** The states listing pattern p are inList[inStart[p] .. inStart[p + 1]). */
  private readonly inStart: Int32Array;
  private readonly inList: Int32Array;
  readonly lengths: Int32Array;

  constructor(patterns: readonly string[], denseCellsMax = DENSE_CELLS_MAX) {
    const alphabet = new Uint16Array(65_536);
    let width = 1;
    let total = 1;
    for (const pattern of patterns) {
      total += pattern.length;
      for (let index = 0; index < pattern.length; index++) {
        const code = pattern.charCodeAt(index);
        if (alphabet[code] === 0) alphabet[code] = width++;
      }
    }
    const dense = total * width <= denseCellsMax;
    // The trie: children chained per state, found through a dense table or a map.
    const table = dense ? new Int32Array(total * width).fill(-1) : null;
    const map = dense ? null : new Map<number, number>();
    const childHead = new Int32Array(total).fill(-1);
    const sibling = new Int32Array(total).fill(-1);
    const symbolOf = new Int32Array(total);
    const endsAt = new Int32Array(patterns.length);
    let count = 1;
    patterns.forEach((pattern, id) => {
      let state = 0;
      for (let index = 0; index < pattern.length; index++) {
        const symbol = alphabet[pattern.charCodeAt(index)] as number;
        const at = state * width + symbol;
        let next = table ? (table[at] as number) : (map?.get(at) ?? -1);
        if (next < 0) {
          next = count++;
          if (table) table[at] = next;
          else map?.set(at, next);
          symbolOf[next] = symbol;
          sibling[next] = childHead[state] as number;
          childHead[state] = next;
        }
        state = next;
      }
      endsAt[id] = state;
    });
    // States renumbered breadth first (a failure state is always shallower, so numbered before).
    const states = count;
    const order = new Int32Array(states);
    const renumbered = new Int32Array(states);
    let size = 1;
    for (let head = 0; head < size; head++) {
      for (
        let child = childHead[order[head] as number] as number;
        child >= 0;
        child = sibling[child] as number
      ) {
        renumbered[child] = size;
        order[size++] = child;
      }
    }
    const ownHead = new Int32Array(states).fill(-1);
    const ownNext = new Int32Array(patterns.length).fill(-1);
    const lengths = new Int32Array(patterns.length);
    patterns.forEach((pattern, id) => {
      const state = renumbered[endsAt[id] as number] as number;
      ownNext[id] = ownHead[state] as number;
      ownHead[state] = id;
      lengths[id] = pattern.length;
    });
    const delta = dense ? new Int32Array(states * width) : null;
    const edges = dense ? null : new Map<number, number>();
    if (edges) {
      for (let state = 0; state < states; state++) {
        for (
          let child = childHead[order[state] as number] as number;
          child >= 0;
          child = sibling[child] as number
        ) {
          edges.set(state * width + (symbolOf[child] as number), renumbered[child] as number);
        }
      }
    }
    /** Where `state` goes on `symbol` (sparse: down the failure links of the states before). */
    const fail = new Int32Array(states);
    const step = (from: number, symbol: number): number => {
      if (delta) return delta[from * width + symbol] as number;
      let state = from;
      for (;;) {
        const next = edges?.get(state * width + symbol);
        if (next !== undefined) return next;
        if (state === 0) return 0;
        state = fail[state] as number;
      }
    };
    // A dense state's row is its failure state's row with its own children written over it. Outputs:
    // a state's own patterns, then its failure state's.
    const outStart = new Int32Array(states + 1);
    const outList: number[] = [];
    for (let state = 0; state < states; state++) {
      const failState = fail[state] as number;
      outStart[state] = outList.length;
      for (let id = ownHead[state] as number; id >= 0; id = ownNext[id] as number) outList.push(id);
      if (state > 0) {
        delta?.copyWithin(state * width, failState * width, failState * width + width);
        const end = outStart[failState + 1] as number;
        for (let at = outStart[failState] as number; at < end; at++) outList.push(outList[at] as number);
      }
      outStart[state + 1] = outList.length;
      for (
        let child = childHead[order[state] as number] as number;
        child >= 0;
        child = sibling[child] as number
      ) {
        const symbol = symbolOf[child] as number;
        const next = renumbered[child] as number;
        fail[next] = state === 0 ? 0 : step(failState, symbol);
        if (delta) delta[state * width + symbol] = next;
      }
    }
    // The inverse: for each pattern, the states listing it.
    const inStart = new Int32Array(patterns.length + 1);
    for (const id of outList) inStart[id + 1] = (inStart[id + 1] as number) + 1;
    for (let id = 0; id < patterns.length; id++) {
      inStart[id + 1] = (inStart[id + 1] as number) + (inStart[id] as number);
    }
    const fill = inStart.slice(0, patterns.length);
    const inList = new Int32Array(outList.length);
    for (let state = 0; state < states; state++) {
      for (let at = outStart[state] as number; at < (outStart[state + 1] as number); at++) {
        const id = outList[at] as number;
        inList[fill[id] as number] = state;
        fill[id] = (fill[id] as number) + 1;
      }
    }
    this.alphabet = alphabet;
    this.width = width;
    this.delta = delta && states < 65_536 ? Uint16Array.from(delta) : delta;
    this.edges = edges;
    this.fail = fail;
    this.outStart = outStart;
    this.outList = Int32Array.from(outList);
    this.inStart = inStart;
    this.inList = inList;
    this.lengths = lengths;
  }

  /**
   * Calls `onMatch(pattern, end)` (end exclusive) for occurrences in `text` of each pattern not marked in
   * `done`; when `onMatch` returns true the pattern is done (marked, and never reported again). Stops
   * once every pattern is done.
   */
  scan(text: string, done: Uint8Array, onMatch: (pattern: number, end: number) => boolean): void {
    const { alphabet, width, delta, edges, fail, outStart, outList, inStart, inList } = this;
    const states = outStart.length - 1;
    // The patterns listed at a state have different lengths, so there are fewer than 65,536.
    const live = new Uint16Array(states);
    let left = 0;
    for (let id = 0; id < done.length; id++) {
      if (done[id] === 1) continue;
      left++;
      for (let at = inStart[id] as number; at < (inStart[id + 1] as number); at++) {
        const state = inList[at] as number;
        live[state] = (live[state] as number) + 1;
      }
    }
    if (left === 0) return;
    let state = 0;
    for (let index = 0; index < text.length; index++) {
      const symbol = alphabet[text.charCodeAt(index)] as number;
      if (delta) state = delta[state * width + symbol] as number;
      else if (symbol === 0) state = 0;
      else {
        for (;;) {
          const next = edges?.get(state * width + symbol);
          if (next !== undefined) {
            state = next;
            break;
          }
          if (state === 0) break;
          state = fail[state] as number;
        }
      }
      if (live[state] === 0) continue;
      const last = outStart[state + 1] as number;
      for (let at = outStart[state] as number; at < last; at++) {
        const id = outList[at] as number;
        if (done[id] === 1 || !onMatch(id, index + 1)) continue;
        done[id] = 1;
        for (let other = inStart[id] as number; other < (inStart[id + 1] as number); other++) {
          const listing = inList[other] as number;
          live[listing] = (live[listing] as number) - 1;
        }
        if (--left === 0) return;
      }
    }
  }
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;
const ASCII_WORD = new Uint8Array(128);
for (let code = 0; code < 128; code++) ASCII_WORD[code] = WORD_CHAR.test(String.fromCharCode(code)) ? 1 : 0;

/** Whether the character ending right before `index` (a whole code point) is a letter, digit, mark or _. */
function wordBefore(text: string, index: number): boolean {
  if (index <= 0) return false;
  const code = text.charCodeAt(index - 1);
  if (code < 128) return ASCII_WORD[code] === 1;
  const start = code >= 0xdc00 && code <= 0xdfff && index >= 2 ? index - 2 : index - 1;
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(start) ?? code));
}

/** Whether the character starting at `index` is a letter, digit, mark or _. */
function wordAt(text: string, index: number): boolean {
  if (index >= text.length) return false;
  const code = text.charCodeAt(index);
  if (code < 128) return ASCII_WORD[code] === 1;
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(index) ?? code));
}

/** A key written as a regular expression: /pattern/flags. */
export const REGEX_KEY = /^\/([\s\S]+)\/([a-z]*)$/;

/** A quantifier repeats its atom at most this many times: * and + become {0,256} and {1,256}. */
export const REGEX_REPEAT_MAX = 256;
/** Quantifiers that leave the engine a choice (?, *, +, {n,m}) per pattern, and of those, ones repeating more than once. */
const REGEX_CHOICES_MAX = 4;
const REGEX_REPEATS_MAX = 1;
/** Keys past this many characters in all (a book's keys together) never match: memory stays bounded. */
export const KEY_CHARS_MAX = 300_000;
/** A book's regular-expression keys beyond this many never match. */
export const REGEX_KEYS_MAX = 32;
/** Regular-expression keys read at most this many of the newest characters of a text. */
export const REGEX_SCAN_CHARS_MAX = 10_000;

const BACK_REFERENCE = /\\[1-9]|\\k</;

/**
 * The pattern with its repeats bounded, or null when a backtracking engine could take too long on it:
 * a repeated group holding a quantifier or alternatives ((a+)+, (a|aa)*), more than REGEX_CHOICES_MAX
 * quantifiers or REGEX_REPEATS_MAX repeating ones, back-references. With these bounds a key costs at
 * most about 2^3 × 256 steps per character of the (capped) text, whatever the pattern.
 */
export function boundedPattern(source: string, unicodeSets: boolean): string | null {
  if (BACK_REFERENCE.test(source)) return null;
  type Group = { alternation: boolean; quantified: boolean };
  const groups: Group[] = [];
  let closed: Group | null = null;
  let atom = false;
  let choices = 0;
  let repeats = 0;
  let out = "";
  for (let index = 0; index < source.length; index++) {
    const char = source[index] as string;
    if (char === "\\") {
      let end = index + 1;
      const kind = source[end] ?? "";
      if ("pPuxck".includes(kind) && source[end + 1] === "{") {
        const close = source.indexOf("}", end + 1);
        end = close < 0 ? source.length - 1 : close;
      } else if (kind === "x") end += 2;
      else if (kind === "u") end += 4;
      else if (kind === "c") end += 1;
      out += source.slice(index, end + 1);
      index = end;
      atom = true;
      closed = null;
      continue;
    }
    if (char === "[") {
      // A class, copied as it is (with the v flag, classes nest).
      let depth = 0;
      let end = index;
      for (; end < source.length; end++) {
        const inner = source[end] as string;
        if (inner === "\\") end++;
        else if (inner === "[" && (end === index || unicodeSets)) depth++;
        else if (inner === "]" && --depth === 0) break;
      }
      out += source.slice(index, end + 1);
      index = end;
      atom = true;
      closed = null;
      continue;
    }
    if (char === "(") {
      groups.push({ alternation: false, quantified: false });
      // A group's opening: (, (?:, (?=, (?!, (?<=, (?<!, (?<name>.
      let end = index;
      if (source[index + 1] === "?") {
        const next = source[index + 2] ?? "";
        if (next === "<" && source[index + 3] !== "=" && source[index + 3] !== "!") {
          const close = source.indexOf(">", index + 3);
          end = close < 0 ? source.length - 1 : close;
        } else end = index + (next === "<" ? 3 : 2);
      }
      out += source.slice(index, end + 1);
      index = end;
      atom = false;
      closed = null;
      continue;
    }
    if (char === ")") {
      const group = groups.pop() ?? null;
      const parent = groups.at(-1);
      if (group && parent && group.quantified) parent.quantified = true;
      out += char;
      atom = true;
      closed = group;
      continue;
    }
    if (char === "|") {
      const group = groups.at(-1);
      if (group) group.alternation = true;
      out += char;
      atom = false;
      closed = null;
      continue;
    }
    const braces = char === "{" ? /^\{(\d+)(,(\d*))?\}/.exec(source.slice(index)) : null;
    if (atom && (char === "*" || char === "+" || char === "?" || braces)) {
      let min = 0;
      let max = 1;
      let length = 1;
      if (char === "*") max = Number.POSITIVE_INFINITY;
      else if (char === "+") [min, max] = [1, Number.POSITIVE_INFINITY];
      else if (braces) {
        min = Number(braces[1]);
        max = braces[2] === undefined ? min : braces[3] ? Number(braces[3]) : Number.POSITIVE_INFINITY;
        length = braces[0].length;
      }
      if (min > REGEX_REPEAT_MAX) return null;
      const lazy = source[index + length] === "?";
      if (max > min) {
        if (closed && (closed.alternation || closed.quantified)) return null;
        choices++;
        if (max > 1) repeats++;
        if (choices > REGEX_CHOICES_MAX || repeats > REGEX_REPEATS_MAX) return null;
        const group = groups.at(-1);
        if (group) group.quantified = true;
      }
      const bounded = Math.min(max, Math.max(min, REGEX_REPEAT_MAX));
      const kept = braces ? braces[0] : char;
      out += `${bounded === max ? kept : `{${min},${bounded}}`}${lazy ? "?" : ""}`;
      index += length - 1 + (lazy ? 1 : 0);
      atom = false;
      closed = null;
      continue;
    }
    out += char;
    atom = char !== "^" && char !== "$";
    closed = null;
  }
  return out;
}

/** `/pattern/flags` as a RegExp without g/y; null when the key is not written so, or invalid, or risky (see boundedPattern). */
export function compileRegexKey(key: string): RegExp | null {
  const written = REGEX_KEY.exec(key);
  if (!written) return null;
  const flags = (written[2] as string).replace(/[gy]/g, "");
  const source = boundedPattern(written[1] as string, flags.includes("v"));
  if (source === null || source.length === 0) return null;
  try {
    return new RegExp(source, flags);
  } catch {
    return null;
  }
}

/** Characters that stand for themselves in a pattern (ASCII letters, digits, space and a few marks). */
const PLAIN = /[A-Za-z0-9 ,;:'"!@#%&=<>~`-]/;
/**
 * Under the i flag with u or v, /s/ also matches the long s (ſ), which toLowerCase leaves as it is; without
 * u or v, ASCII letters only ever match ASCII letters (the Kelvin sign lowercases to k either way).
 */
const UNSAFE_FOLDED = /[Ss]/;

/**
 * The longest run of plain characters every match of `regex` must contain (at the top level of the
 * pattern, outside groups and classes, not made optional by a quantifier), lowercased under the i flag;
 * null when there is none of at least 2 characters or when the pattern has a top-level alternative.
 * A key's regular expression is only run over a text where this literal occurs.
 */
export function requiredLiteral(regex: RegExp): string | null {
  const { source } = regex;
  const ignoreCase = regex.flags.includes("i");
  const unicode = regex.unicode || regex.flags.includes("v");
  let best = "";
  let run = "";
  let depth = 0;
  let inClass = false;
  const end = (): void => {
    if (run.length > best.length) best = run;
    run = "";
  };
  for (let index = 0; index < source.length; index++) {
    const char = source[index] as string;
    if (char === "\\") {
      // An escape stands for something else than its characters (\p{...}, \u0041, \x41, \cJ, \.).
      end();
      const kind = source[++index] ?? "";
      if ("pPuxck".includes(kind) && source[index + 1] === "{") {
        const close = source.indexOf("}", index + 1);
        index = close < 0 ? source.length : close;
      } else if (kind === "x") index += 2;
      else if (kind === "u") index += 4;
      else if (kind === "c") index += 1;
      continue;
    }
    if (inClass) {
      if (char === "]") inClass = false;
      continue;
    }
    if (char === "[") {
      end();
      inClass = true;
      continue;
    }
    if (char === "(") {
      end();
      depth++;
      continue;
    }
    if (char === ")") {
      depth = Math.max(0, depth - 1);
      continue;
    }
    if (depth > 0) continue;
    if (char === "|") return null;
    if (char === "{") {
      // A quantifier's bounds (or a brace meant literally: skipping it only loses a literal).
      end();
      const close = source.indexOf("}", index);
      index = close < 0 ? source.length : close;
      continue;
    }
    const next = source[index + 1];
    if (PLAIN.test(char) && !(ignoreCase && unicode && UNSAFE_FOLDED.test(char))) {
      // Required at least once before + or {n,...} with n > 0 (the run ends there), optional before ?, * or {0,...}.
      const repeated = next === "{" ? /^\{(\d+)/.exec(source.slice(index + 1)) : null;
      if (next === "?" || next === "*" || (repeated && Number(repeated[1]) === 0)) end();
      else {
        run += char;
        if (next === "+" || next === "{") end();
      }
      continue;
    }
    end();
  }
  end();
  if (best.length < 2) return null;
  return ignoreCase ? best.toLowerCase() : best;
}

/**
 * Who uses a pattern: a key (its id), or a regular-expression key's gate (-1 - the gate's number, for its
 * required literal). `exact` is the text to find in the original at the same place, for a case-sensitive
 * key found through its lowercase.
 */
type PatternUse = { user: number; exact: string | null; wholeWord: boolean };

type PatternSet = { automaton: Automaton; uses: PatternUse[][] };

function patternSet(patterns: Map<string, PatternUse[]>): PatternSet | null {
  return patterns.size > 0
    ? { automaton: new Automaton([...patterns.keys()]), uses: [...patterns.values()] }
    : null;
}

function addUse(patterns: Map<string, PatternUse[]>, text: string, use: PatternUse): void {
  const uses = patterns.get(text);
  if (uses) uses.push(use);
  else patterns.set(text, [use]);
}

/**
 * Whether lowercasing `text` changes no length and depends on no context: Σ lowercases to σ or, ending a
 * word, ς (the only such rule of toLowerCase), so a key with Σ is looked for in the original.
 */
function lowercasesInPlace(text: string): boolean {
  return text.toLowerCase().length === text.length && !text.includes("\u03a3");
}

/**
 * Everything a book's keys compile to; `scan` marks the keys found in a text. One automaton over the
 * lowercased text finds every plain key (a case-sensitive one is then checked in the original text), so
 * a text is read once; case-sensitive keys that lowercasing would move get their own automaton over the
 * original, as do all case-sensitive keys for a text that lowercasing changes in length.
 */
export class KeyMatcher {
  readonly keys: CompiledKey[] = [];
  private readonly main: PatternSet | null;
  private readonly apart: PatternSet | null;
  private readonly sensitive = new Map<string, PatternUse[]>();
  private sensitiveSet: PatternSet | null | undefined;
  /** Regular-expression keys, each with its gate (a required literal) or -1. */
  private readonly regexKeys: { keyId: number; gate: number }[] = [];

  constructor(specs: readonly KeySpec[]) {
    const main = new Map<string, PatternUse[]>();
    const apart = new Map<string, PatternUse[]>();
    const use = (text: string, caseSensitive: boolean, user: number, wholeWord: boolean): void => {
      if (!caseSensitive) {
        addUse(main, text.toLowerCase(), { user, exact: null, wholeWord });
        return;
      }
      addUse(this.sensitive, text, { user, exact: null, wholeWord });
      if (lowercasesInPlace(text)) addUse(main, text.toLowerCase(), { user, exact: text, wholeWord });
      else addUse(apart, text, { user, exact: null, wholeWord });
    };
    let chars = 0;
    specs.forEach((spec, keyId) => {
      chars += spec.text.length;
      if (chars > KEY_CHARS_MAX) {
        this.keys.push({ kind: "never" });
        return;
      }
      if (spec.useRegex && REGEX_KEY.test(spec.text)) {
        const regex = this.regexKeys.length < REGEX_KEYS_MAX ? compileRegexKey(spec.text) : null;
        this.keys.push(regex ? { kind: "regex", regex } : { kind: "never" });
        if (!regex) return;
        const literal = requiredLiteral(regex);
        let gate = -1;
        if (literal !== null) {
          gate = this.regexKeys.length;
          use(literal, !regex.flags.includes("i"), -1 - gate, false);
        }
        this.regexKeys.push({ keyId, gate });
        return;
      }
      if (spec.text.length === 0) {
        this.keys.push({ kind: "never" });
        return;
      }
      use(spec.text, spec.caseSensitive, keyId, spec.wholeWord);
      this.keys.push({ kind: "plain" });
    });
    this.main = patternSet(main);
    this.apart = patternSet(apart);
  }

  /**
   * Calls `found(keyId, end)` once for each key not yet marked in `seen` that occurs in `text` (`lowered`
   * is `text.toLowerCase()`), with where its first occurrence ends, and marks it in `seen`.
   */
  scan(text: string, lowered: string, seen: Uint8Array, found: (keyId: number, end: number) => void): void {
    // Gates (the literals regular-expression keys need) are per text; a gate of a key found is open.
    const gates = new Uint8Array(this.regexKeys.length);
    this.regexKeys.forEach(({ keyId }, gate) => {
      gates[gate] = seen[keyId] as number;
    });
    if (text.length === lowered.length) {
      this.scanWith(this.main, lowered, text, false, seen, gates, found);
      this.scanWith(this.apart, text, text, false, seen, gates, found);
    } else {
      // Positions differ between the text and its lowercase: case-sensitive keys are found in the text.
      this.scanWith(this.main, lowered, text, true, seen, gates, found);
      if (this.sensitiveSet === undefined) this.sensitiveSet = patternSet(this.sensitive);
      this.scanWith(this.sensitiveSet, text, text, false, seen, gates, found);
    }
    // Regular expressions read the newest REGEX_SCAN_CHARS_MAX characters, which bounds their time.
    const offset = Math.max(0, text.length - REGEX_SCAN_CHARS_MAX);
    const tail = offset > 0 ? text.slice(offset) : text;
    this.regexKeys.forEach(({ keyId, gate }) => {
      if (seen[keyId] === 1 || (gate >= 0 && gates[gate] === 0)) return;
      const key = this.keys[keyId] as CompiledKey;
      if (key.kind !== "regex") return;
      const match = key.regex.exec(tail);
      if (match) {
        seen[keyId] = 1;
        found(keyId, offset + match.index + match[0].length);
      }
    });
  }

  private scanWith(
    set: PatternSet | null,
    haystack: string,
    original: string,
    skipExact: boolean,
    seen: Uint8Array,
    gates: Uint8Array,
    found: (keyId: number, end: number) => void,
  ): void {
    if (!set || haystack.length === 0) return;
    const { automaton, uses } = set;
    const isSeen = (use: PatternUse): boolean =>
      (skipExact && use.exact !== null) || (use.user >= 0 ? seen[use.user] : gates[-1 - use.user]) === 1;
    // A pattern is done once every key using it is found; the scan stops when all are.
    const done = new Uint8Array(uses.length);
    uses.forEach((list, pattern) => {
      if (list.every(isSeen)) done[pattern] = 1;
    });
    automaton.scan(haystack, done, (pattern, end) => {
      const start = end - (automaton.lengths[pattern] as number);
      let boundary: boolean | null = null;
      let pending = false;
      for (const use of uses[pattern] as PatternUse[]) {
        if (isSeen(use)) continue;
        if (use.exact !== null && !original.startsWith(use.exact, start)) {
          pending = true;
          continue;
        }
        if (use.wholeWord) {
          if (boundary === null) boundary = !wordBefore(haystack, start) && !wordAt(haystack, end);
          if (!boundary) {
            pending = true;
            continue;
          }
        }
        if (use.user < 0) gates[-1 - use.user] = 1;
        else {
          seen[use.user] = 1;
          found(use.user, end);
        }
      }
      return !pending;
    });
  }
}
