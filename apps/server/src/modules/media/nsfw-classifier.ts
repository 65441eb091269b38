import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { NsfwClassifier, NsfwVerdict } from "./types";

export { NSFW_CLASS_NAMES, NSFW_INPUT_SIZE } from "./nsfw-model";

/**
 * The NSFW image check: nsfwjs's MobileNetV2 model (shipped inside the npm package, nothing is downloaded)
 * on TensorFlow.js's pure-JavaScript CPU backend, in its own thread (nsfw-worker.ts) so the main thread
 * keeps serving requests and reply streams meanwhile. An image is NSFW when Porn + Hentai + Sexy reaches
 * the threshold (README, "Media storage, NSFW check and training").
 */
export const NSFW_THRESHOLD = 0.5;
const NSFW_CLASSES = ["Porn", "Hentai", "Sexy"];

export type NsfwClassifierOptions = {
  /** Porn + Hentai + Sexy at or above this is NSFW (default NSFW_THRESHOLD). */
  threshold?: number;
};

type Reply = { id: number; scores?: Record<string, number>; error?: string };
type Pending = { resolve: (scores: Record<string, number>) => void; reject: (error: Error) => void };

/**
 * The model's thread, started on first use (loading takes ~5 s) and shared by every classifier of the
 * process. It is unref'd: an idle classifier never keeps the process alive.
 */
let thread: { worker: Worker; pending: Map<number, Pending> } | null = null;
let nextId = 0;

/**
 * Where the thread starts: built, dist/nsfw-worker.js; from source (tsx, tests), a bootstrap that registers
 * tsx's loader in the thread (its `--import` flag does not reach threads) and imports nsfw-worker.ts.
 */
function workerEntry(): URL {
  if (!import.meta.url.endsWith(".ts")) return new URL("./nsfw-worker.js", import.meta.url);
  // tsx's ESM API (the package's `require` entry is index.cjs; the module beside it is index.mjs).
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api")).href.replace(
    /\.cjs$/,
    ".mjs",
  );
  const source = new URL("./nsfw-worker.ts", import.meta.url).href;
  const bootstrap = `import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(source)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`);
}

function modelThread(): { worker: Worker; pending: Map<number, Pending> } {
  if (thread) return thread;
  const worker = new Worker(workerEntry());
  worker.unref();
  const pending = new Map<number, Pending>();
  const current = { worker, pending };
  worker.on("message", (reply: Reply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.scores) waiting.resolve(reply.scores);
    else waiting.reject(new Error(reply.error ?? "The NSFW check failed"));
  });
  const fail = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    if (thread === current) thread = null;
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`The NSFW check's thread stopped (exit code ${code})`)));
  thread = current;
  return current;
}

function scoresOf(image: Buffer): Promise<Record<string, number>> {
  const { worker, pending } = modelThread();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // While an image waits for its answer the thread keeps the process alive; once answered, it no longer does.
    worker.ref();
    worker.postMessage({ id, image: new Uint8Array(image) });
  }).finally(() => {
    if (pending.size === 0) worker.unref();
  }) as Promise<Record<string, number>>;
}

/** A classifier that loads its model on first use (once, ~5 s) and classifies one image in about a second. */
export function createNsfwClassifier(options: NsfwClassifierOptions = {}): NsfwClassifier {
  const threshold = options.threshold ?? NSFW_THRESHOLD;
  return {
    async classify(image: Buffer): Promise<NsfwVerdict> {
      const scores = await scoresOf(image);
      return { nsfw: nsfwScore({ nsfw: false, scores }) >= threshold, scores };
    },
  };
}

/** Porn + Hentai + Sexy of a verdict's scores. */
export const nsfwScore = (verdict: NsfwVerdict): number =>
  NSFW_CLASSES.reduce((sum, name) => sum + (verdict.scores[name] ?? 0), 0);
