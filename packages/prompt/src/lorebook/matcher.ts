// Compiles a book's keys once into matchers that scan a text in one pass: every plain key of a book goes
// into one Aho-Corasick automaton (one for case-insensitive keys over the lowercased text, one for
// case-sensitive keys over the text itself), so the cost of a scan grows with the text, not with
// text × keys. Regular-expression keys run on their own, over a capped text.

/** What a key is, once compiled. */
export type CompiledKey =
  | { kind: "plain"; automaton: "insensitive" | "sensitive"; pattern: number; wholeWord: boolean }
  | { kind: "regex"; regex: RegExp }
  | { kind: "never" };

export type KeySpec = { text: string; useRegex: boolean; caseSensitive: boolean; wholeWord: boolean };

/** A dense automaton over a small alphabet: characters no pattern uses map to symbol 0. */
class Automaton {
  private readonly alphabet: Uint16Array;
  private readonly width: number;
  private readonly delta: Int32Array;
  /** For each state: the first pattern that ends there, or -1. */
  private readonly outFirst: Int32Array;
  /** Chains patterns ending at the same state. */
  private readonly outNext: Int32Array;
  /** For each state: the nearest state down its failure links that has an output, or -1. */
  private readonly dictLink: Int32Array;
  private readonly hasOutput: Uint8Array;
  readonly lengths: Int32Array;

  constructor(patterns: readonly string[]) {
    const alphabet = new Uint16Array(65_536);
    let width = 1;
    for (const pattern of patterns) {
      for (let index = 0; index < pattern.length; index++) {
        const code = pattern.charCodeAt(index);
        if (alphabet[code] === 0) alphabet[code] = width++;
      }
    }
    // Trie with sparse children first; then the full transition table by breadth-first search.
    const children: Map<number, number>[] = [new Map()];
    const outFirst: number[] = [-1];
    const outNext: number[] = new Array<number>(patterns.length).fill(-1);
    const lengths = new Int32Array(patterns.length);
    patterns.forEach((pattern, id) => {
      let state = 0;
      for (let index = 0; index < pattern.length; index++) {
        const symbol = alphabet[pattern.charCodeAt(index)] ?? 0;
        const node = children[state] as Map<number, number>;
        let next = node.get(symbol);
        if (next === undefined) {
          next = children.length;
          children.push(new Map());
          outFirst.push(-1);
          node.set(symbol, next);
        }
        state = next;
      }
      outNext[id] = outFirst[state] ?? -1;
      outFirst[state] = id;
      lengths[id] = pattern.length;
    });
    const states = children.length;
    const delta = new Int32Array(states * width);
    const fail = new Int32Array(states);
    const dictLink = new Int32Array(states).fill(-1);
    const queue: number[] = [];
    for (const [symbol, child] of children[0] as Map<number, number>) {
      delta[symbol] = child;
      queue.push(child);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head] as number;
      const failState = fail[state] as number;
      dictLink[state] = (outFirst[failState] ?? -1) >= 0 ? failState : (dictLink[failState] as number);
      const node = children[state] as Map<number, number>;
      for (let symbol = 0; symbol < width; symbol++) {
        const child = node.get(symbol);
        const viaFail = delta[failState * width + symbol] as number;
        if (child === undefined) delta[state * width + symbol] = viaFail;
        else {
          delta[state * width + symbol] = child;
          fail[child] = viaFail;
          queue.push(child);
        }
      }
    }
    const hasOutput = new Uint8Array(states);
    for (let state = 0; state < states; state++) {
      if ((outFirst[state] ?? -1) >= 0 || (dictLink[state] ?? -1) >= 0) hasOutput[state] = 1;
    }
    this.alphabet = alphabet;
    this.width = width;
    this.delta = delta;
    this.outFirst = Int32Array.from(outFirst);
    this.outNext = Int32Array.from(outNext);
    this.dictLink = dictLink;
    this.hasOutput = hasOutput;
    this.lengths = lengths;
  }

  /** Calls `onMatch(pattern, end)` (end exclusive) for every occurrence of every pattern in `text`. */
  scan(text: string, onMatch: (pattern: number, end: number) => void): void {
    const { alphabet, width, delta, hasOutput, outFirst, outNext, dictLink } = this;
    let state = 0;
    for (let index = 0; index < text.length; index++) {
      state = delta[state * width + (alphabet[text.charCodeAt(index)] as number)] as number;
      if (hasOutput[state] === 0) continue;
      let at = state;
      while (at >= 0) {
        for (let id = outFirst[at] as number; id >= 0; id = outNext[id] as number) onMatch(id, index + 1);
        at = dictLink[at] as number;
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

/**
 * Patterns that can take exponential time in a backtracking engine: a quantified group holding a
 * quantifier, like (a+)+ or (\w*)*; and back-references. They never match instead.
 */
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*(?:[+*]|\{\d+,\d*\})(?:[^()\\]|\\.)*\)\s*(?:[+*]|\{\d+,\d*\})/;
const BACK_REFERENCE = /\\[1-9]|\\k</;

/** `/pattern/flags` (or a bare pattern) as a RegExp without g/y; null when invalid or risky. */
export function compileRegexKey(key: string): RegExp | null {
  const written = /^\/([\s\S]+)\/([a-z]*)$/.exec(key);
  const source = written ? (written[1] as string) : key;
  const flags = (written ? (written[2] as string) : "").replace(/[gy]/g, "");
  if (source.length === 0 || NESTED_QUANTIFIER.test(source) || BACK_REFERENCE.test(source)) return null;
  try {
    return new RegExp(source, flags);
  } catch {
    return null;
  }
}

/** Everything a book's keys compile to; `scan` marks the keys found in a text. */
export class KeyMatcher {
  readonly keys: CompiledKey[] = [];
  private readonly insensitive: Automaton | null;
  private readonly sensitive: Automaton | null;
  /** For each pattern of each automaton: the keys using it (several keys may share one pattern). */
  private readonly insensitiveKeys: number[][] = [];
  private readonly sensitiveKeys: number[][] = [];
  private readonly regexKeys: number[] = [];

  constructor(specs: readonly KeySpec[]) {
    const insensitivePatterns = new Map<string, number>();
    const sensitivePatterns = new Map<string, number>();
    specs.forEach((spec, keyId) => {
      if (spec.useRegex) {
        const regex = compileRegexKey(spec.text);
        this.keys.push(regex ? { kind: "regex", regex } : { kind: "never" });
        if (regex) this.regexKeys.push(keyId);
        return;
      }
      if (spec.text.length === 0) {
        this.keys.push({ kind: "never" });
        return;
      }
      const automaton = spec.caseSensitive ? "sensitive" : "insensitive";
      const patterns = spec.caseSensitive ? sensitivePatterns : insensitivePatterns;
      const users = spec.caseSensitive ? this.sensitiveKeys : this.insensitiveKeys;
      const text = spec.caseSensitive ? spec.text : spec.text.toLowerCase();
      let pattern = patterns.get(text);
      if (pattern === undefined) {
        pattern = patterns.size;
        patterns.set(text, pattern);
        users.push([]);
      }
      (users[pattern] as number[]).push(keyId);
      this.keys.push({ kind: "plain", automaton, pattern, wholeWord: spec.wholeWord });
    });
    this.insensitive = insensitivePatterns.size > 0 ? new Automaton([...insensitivePatterns.keys()]) : null;
    this.sensitive = sensitivePatterns.size > 0 ? new Automaton([...sensitivePatterns.keys()]) : null;
  }

  /** Calls `found(keyId)` once for each key that occurs in `text` (lowered: `text.toLowerCase()`). */
  scan(text: string, lowered: string, found: (keyId: number) => void): void {
    const seen = new Uint8Array(this.keys.length);
    const mark = (keyId: number): void => {
      if (seen[keyId] === 0) {
        seen[keyId] = 1;
        found(keyId);
      }
    };
    const run = (automaton: Automaton | null, haystack: string, users: number[][]): void => {
      if (!automaton) return;
      automaton.scan(haystack, (pattern, end) => {
        const keyIds = users[pattern] as number[];
        let boundary: boolean | null = null;
        for (const keyId of keyIds) {
          if (seen[keyId] === 1) continue;
          const key = this.keys[keyId] as CompiledKey;
          if (key.kind === "plain" && key.wholeWord) {
            if (boundary === null) {
              const start = end - (automaton.lengths[pattern] as number);
              boundary = !wordBefore(haystack, start) && !wordAt(haystack, end);
            }
            if (!boundary) continue;
          }
          mark(keyId);
        }
      });
    };
    run(this.insensitive, lowered, this.insensitiveKeys);
    run(this.sensitive, text, this.sensitiveKeys);
    for (const keyId of this.regexKeys) {
      if (seen[keyId] === 1) continue;
      const key = this.keys[keyId] as CompiledKey;
      if (key.kind === "regex" && key.regex.test(text)) mark(keyId);
    }
  }
}
