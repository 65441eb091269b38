import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";
import sharp from "sharp";
import { NSFW_CLASS_NAMES, NSFW_INPUT_SIZE } from "./nsfw-model";

/**
 * The NSFW model's thread (nsfw-classifier.ts starts it): TensorFlow.js's pure-JavaScript CPU backend takes
 * about a second an image, which on the main thread would stall every other request and reply stream.
 * Messages in: `{id, image}`; out: `{id, scores}` or `{id, error}`, one image at a time.
 */
type Request = { id: number; image: Uint8Array };
type Model = { classify(image: Uint8Array): Promise<Record<string, number>> };

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

const port = parentPort;
if (port) {
  const model = loadModel();
  // Not a rejection left unhandled when loading fails: each request answers the error instead.
  model.catch(() => undefined);
  let queue: Promise<unknown> = Promise.resolve();
  port.on("message", (request: Request) => {
    queue = queue.then(async () => {
      try {
        const scores = await (await model).classify(request.image);
        port.postMessage({ id: request.id, scores });
      } catch (error) {
        port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
      }
    });
  });
}
