import { readFileSync } from "node:fs";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { createNsfwClassifier, NSFW_THRESHOLD, nsfwScore } from "../src/modules/media/index";
import { testImage } from "./characters-fixtures";

const FIXTURES = join(import.meta.dirname, "fixtures");
/** Grey noise the model reads as NSFW (fixtures/nsfw-adversarial.md tells how it was made). */
const NSFW_FIXTURE = readFileSync(join(FIXTURES, "nsfw-adversarial.png"));

describe("the NSFW classifier (nsfwjs MobileNetV2, shipped in the npm package)", () => {
  const classifier = createNsfwClassifier();

  it("reads the NSFW fixture as NSFW and a plain image as safe", { timeout: 180_000 }, async () => {
    const nsfw = await classifier.classify(NSFW_FIXTURE);
    expect(nsfw.nsfw).toBe(true);
    expect(nsfwScore(nsfw)).toBeGreaterThanOrEqual(NSFW_THRESHOLD);
    expect(Object.keys(nsfw.scores).sort()).toEqual(["Drawing", "Hentai", "Neutral", "Porn", "Sexy"]);

    // A different size and format goes through the same resize to 224×224.
    const safe = await classifier.classify(await testImage(300, 200, "jpeg"));
    expect(safe.nsfw).toBe(false);
    expect(nsfwScore(safe)).toBeLessThan(NSFW_THRESHOLD);
  });

  it("takes its threshold from the options", { timeout: 60_000 }, async () => {
    const strict = createNsfwClassifier({ threshold: 0 });
    expect((await strict.classify(await testImage(64, 64, "png"))).nsfw).toBe(true);
  });

  it("classifies in its own thread: the server's thread keeps answering meanwhile", {
    timeout: 60_000,
  }, async () => {
    await classifier.classify(NSFW_FIXTURE); // the model is loaded
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const images = await Promise.all([testImage(512, 512, "png"), testImage(640, 480, "jpeg")]);
    for (const image of images) await classifier.classify(image);
    delay.disable();
    // On this thread a classification blocked it for about a second; in its own, the loop barely waits.
    expect(delay.max / 1e6).toBeLessThan(250);
  });

  it("rejects bytes that are not an image", { timeout: 60_000 }, async () => {
    await expect(classifier.classify(Buffer.from("not an image"))).rejects.toThrow();
    // And keeps working after.
    expect((await classifier.classify(NSFW_FIXTURE)).nsfw).toBe(true);
  });
});
