import { createRequire } from "node:module";
import sharp from "sharp";
import type { NsfwClassifier, NsfwVerdict } from "./types";

/**
 * The NSFW image check: nsfwjs's MobileNetV2 model (shipped inside the npm package, nothing is downloaded)
 * on TensorFlow.js's pure-JavaScript CPU backend. An image is NSFW when Porn + Hentai + Sexy reaches the
 * threshold (README, "Media storage, NSFW check and training").
 */
export const NSFW_THRESHOLD = 0.5;
export const NSFW_CLASS_NAMES = ["Drawing", "Hentai", "Neutral", "Porn", "Sexy"] as const;
const NSFW_CLASSES = ["Porn", "Hentai", "Sexy"];
/** The model's input size; images are resized to it with sharp before the model sees them. */
export const NSFW_INPUT_SIZE = 224;

export type NsfwClassifierOptions = {
  /** Porn + Hentai + Sexy at or above this is NSFW (default NSFW_THRESHOLD). */
  threshold?: number;
};

type Model = { classify(image: Buffer): Promise<Record<string, number>> };

async function loadModel(): Promise<Model> {
  // nsfwjs's ESM build imports "buffer/" by a path Node cannot resolve: its CommonJS build is loaded.
  const require = createRequire(import.meta.url);
  const tf = require("@tensorflow/tfjs") as typeof import("@tensorflow/tfjs");
  const nsfwjs = require("nsfwjs") as typeof import("nsfwjs");
  await tf.setBackend("cpu");
  await tf.ready();
  const model = await nsfwjs.load("MobileNetV2");
  return {
    async classify(image) {
      const { data, info } = await sharp(image, { limitInputPixels: 50_000_000 })
        .flatten({ background: "#ffffff" })
        .resize(NSFW_INPUT_SIZE, NSFW_INPUT_SIZE, { fit: "fill" })
        .removeAlpha()
        .toColourspace("srgb")
        .raw()
        .toBuffer({ resolveWithObject: true });
      const tensor = tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], "int32");
      try {
        const predictions = await model.classify(tensor, NSFW_CLASS_NAMES.length);
        return Object.fromEntries(predictions.map((p) => [p.className, p.probability]));
      } finally {
        tensor.dispose();
      }
    },
  };
}

/** The model, loaded once per process on first use, shared by every classifier. */
let model: Promise<Model> | null = null;
// One image at a time: the CPU backend gains nothing from overlapping runs.
let queue: Promise<unknown> = Promise.resolve();

/** A classifier that loads its model on first use (once, ~5 s) and classifies one image in about a second. */
export function createNsfwClassifier(options: NsfwClassifierOptions = {}): NsfwClassifier {
  const threshold = options.threshold ?? NSFW_THRESHOLD;
  return {
    classify(image: Buffer): Promise<NsfwVerdict> {
      const run = queue.then(async () => {
        if (!model) {
          model = loadModel();
          model.catch(() => {
            model = null;
          });
        }
        const scores = await (await model).classify(image);
        const nsfwScore = NSFW_CLASSES.reduce((sum, name) => sum + (scores[name] ?? 0), 0);
        return { nsfw: nsfwScore >= threshold, scores };
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

/** Porn + Hentai + Sexy of a verdict's scores. */
export const nsfwScore = (verdict: NsfwVerdict): number =>
  NSFW_CLASSES.reduce((sum, name) => sum + (verdict.scores[name] ?? 0), 0);
