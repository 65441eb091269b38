/**
 * Lorebook activation benchmark: one generated 500-entry book (plain, whole-word, regular-expression and
 * case-sensitive keys, secondary keys with every logic, some constant entries, recursive scanning on)
 * over a 16k-token history, scanned in full (scan depth = every message: the worst case; books usually
 * scan the newest few). Token counts use the tokenizer the server bundles (cl100k_base). Reports the
 * median and p99 of `activateLore` with the book compiled (the same book object, as a server keeps it)
 * and cold (a fresh copy each run, so its keys are compiled again), against the 2 ms target.
 * Run with `npm run bench` or `npx tsx scripts/bench/lorebook.ts`.
 */
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { LOREBOOK_DEFAULTS, type Lorebook, type LorebookEntry, type SelectiveLogic } from "@hearth/contracts";
import { activateLore, type LoreSource } from "@hearth/prompt";
import { bundledTokenCounter } from "../../apps/server/src/modules/llm/tokenizers";

const ENTRIES = 500;
const HISTORY_TOKENS = 16_000;
const WARM_RUNS = 2_000;
const COLD_RUNS = 200;
const TARGET_MS = 2;

/** A small deterministic generator, so every run benchmarks the same book and history. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = generator(14);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const SYLLABLES = [
  "ka",
  "el",
  "thas",
  "mor",
  "wen",
  "dra",
  "syl",
  "var",
  "ion",
  "eth",
  "ri",
  "an",
  "gor",
  "lum",
  "ae",
];
const properName = (): string => {
  const name = Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(SYLLABLES)).join("");
  return name.charAt(0).toUpperCase() + name.slice(1);
};
const PROSE = (
  "the a she he they walked toward into across under old silver dark night rain fire sword city gate " +
  "tower river road market ship quietly smiled asked whispered before after then because while never " +
  "always her his their hand eyes voice light shadow cold warm long short stone glass blood oath"
).split(" ");

const names = Array.from({ length: ENTRIES }, properName);
const logics: SelectiveLogic[] = ["and_any", "and_all", "not_any", "not_all"];

function makeEntry(index: number): LorebookEntry {
  const name = names[index] as string;
  const kind = index % 25;
  const useRegex = kind === 3;
  const keys = useRegex
    ? [`/\\b${name.slice(0, 4)}\\w*\\b/i`]
    : [name, `${pick(PROSE)} ${name}`.toLowerCase()];
  const selective = index % 4 === 0;
  return {
    id: String(index),
    name,
    keys,
    secondary_keys: selective ? [pick(PROSE), pick(PROSE)] : [],
    selective_logic: pick(logics),
    use_regex: useRegex,
    case_sensitive: kind === 5,
    match_whole_words: index % 3 === 0,
    // Contents mention other names, so recursive scanning has work to do.
    content: `${name} is ${Array.from({ length: 30 }, () => pick(PROSE)).join(" ")}, sworn to ${pick(names)}.`,
    enabled: kind !== 11,
    constant: kind === 7,
    insertion_order: Math.floor(random() * 200),
    priority: Math.floor(random() * 20),
    position: pick(["before_char", "after_char", "at_depth"] as const),
    depth: Math.floor(random() * 8),
    probability: kind === 9 ? 50 : 100,
    extensions: {},
  };
}

const countTokens = bundledTokenCounter("bench-model");

function makeHistory(): string[] {
  const messages: string[] = [];
  let tokens = 0;
  while (tokens < HISTORY_TOKENS) {
    const words = Array.from({ length: 110 }, () => (random() < 0.03 ? pick(names) : pick(PROSE)));
    const message = `${words.join(" ")}.`;
    messages.push(message);
    tokens += countTokens(message);
  }
  return messages;
}

const book: Lorebook = {
  name: "Bench world",
  description: "",
  scan_depth: 1_000,
  token_budget: 4_096,
  recursive_scanning: true,
  entries: Array.from({ length: ENTRIES }, (_, index) => makeEntry(index)),
  extensions: {},
};
const history = makeHistory();
const historyTokens = history.reduce((sum, message) => sum + countTokens(message), 0);
const source = (value: Lorebook): LoreSource => ({
  kind: "character",
  id: "bench",
  name: "Bench",
  book: value,
});

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

type Figures = { median: number; p99: number; cpuMedian: number; fired: number };

/** Wall time of each run, and CPU time (what the run cost this process, not time spent waiting for a core). */
function measure(runs: number, bookFor: () => Lorebook): Figures {
  const times: number[] = [];
  const cpu: number[] = [];
  let fired = 0;
  for (let run = 0; run < runs; run++) {
    const value = bookFor();
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    const result = activateLore({ sources: [source(value)], history, seed: run, countTokens });
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
    fired = result.fired.length;
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { median: quantile(times, 0.5), p99: quantile(times, 0.99), cpuMedian: quantile(cpu, 0.5), fired };
}

// Warm-up (JIT), then the measured runs.
measure(200, () => book);
const warm = measure(WARM_RUNS, () => book);
const copies = Array.from({ length: COLD_RUNS }, () => structuredClone(book));
let next = 0;
const cold = measure(COLD_RUNS, () => copies[next++] as Lorebook);

// The same book scanning its default depth (the newest 4 messages), as most books do.
const shallowBook: Lorebook = { ...book, scan_depth: LOREBOOK_DEFAULTS.scanDepth };
measure(100, () => shallowBook);
const shallow = measure(WARM_RUNS, () => shallowBook);

const figure = (value: number): string => `${value.toFixed(3)} ms`;
const verdict = (value: number): string => (value <= TARGET_MS ? "meets" : "misses");
console.log(
  `Lorebook activation: ${ENTRIES}-entry book, ${history.length} messages / ${historyTokens} tokens scanned, ` +
    `recursive, ${warm.fired} entries fired`,
);
console.log(
  `  compiled book: median ${figure(warm.median)}, p99 ${figure(warm.p99)}, CPU median ${figure(warm.cpuMedian)} ` +
    `(target median < ${TARGET_MS} ms: ${verdict(warm.median)})`,
);
console.log(
  `  cold (keys compiled in the run): median ${figure(cold.median)}, p99 ${figure(cold.p99)}, ` +
    `CPU median ${figure(cold.cpuMedian)}`,
);
console.log(
  `  scan depth ${LOREBOOK_DEFAULTS.scanDepth} (compiled): median ${figure(shallow.median)}, p99 ${figure(shallow.p99)}, ` +
    `${shallow.fired} entries fired`,
);
console.log(`  load average while measuring: ${loadavg()[0]?.toFixed(2)} on ${cpus().length} cores`);
