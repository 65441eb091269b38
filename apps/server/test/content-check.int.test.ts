import { ERROR_MESSAGES } from "@hearth/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MODERATION_MODEL, loadConfig } from "../src/config";
import { type CheckLogger, createContentChecker } from "../src/modules/content-check/index";
import {
  type FakeModeration,
  MINORS_MARKER,
  SEXUAL_MARKER,
  startFakeModeration,
} from "./support/fake-moderation";

/** The automatic check against a local server speaking the OpenAI moderation protocol. */

const CLEAN = {
  name: "Aria",
  title: "A travelling bard",
  persona: "A kind bard of thirty who sings in taverns.",
  greeting: "Hello, traveller!",
  scenario: "A tavern at dusk.",
  dialogue: "",
  tags: ["fantasy", "music"],
};

function recordingLogger() {
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  const logger: CheckLogger = { warn: (details, message) => warnings.push({ details, message }) };
  return { logger, warnings };
}

describe("the content check with the embedded rules only", () => {
  it("runs without a moderation server and finds the listed terms", async () => {
    const checker = createContentChecker(loadConfig({}));
    expect(checker.engines).toBe("rules");
    expect(await checker.checkCharacter(CLEAN)).toEqual([]);
    expect(await checker.checkCharacter({ ...CLEAN, scenario: "She is 12 years old." })).toEqual([
      { field: "scenario", category: "underage", term: "12 years old", engine: "rules" },
    ]);
    expect(await checker.checkImagePrompt("a knight at dusk")).toEqual({ allowed: true, findings: [] });
    expect(await checker.checkImagePrompt("a loli in a park")).toEqual({
      allowed: false,
      findings: [{ field: "image_prompt", category: "underage", term: "loli", engine: "rules" }],
      error: { code: "imagePromptUnderage", message: ERROR_MESSAGES.imagePromptUnderage },
    });
    expect(ERROR_MESSAGES.imagePromptUnderage).toBe(
      "The image prompt might contain references to underage context, please consider making changes and try again.",
    );
  });
});

describe("the content check with an OpenAI-compatible moderation server", () => {
  let fake: FakeModeration;
  beforeAll(async () => {
    fake = await startFakeModeration({ apiKey: "sk-moderation" });
  });
  afterEach(() => {
    fake.mode = "ok";
    fake.requests.length = 0;
  });
  afterAll(async () => {
    await fake?.close();
  });

  const checkerFor = (env: Record<string, string> = {}, timeoutMs?: number) => {
    const { logger, warnings } = recordingLogger();
    const config = loadConfig({ MODERATION_BASE_URL: fake.url, MODERATION_API_KEY: "sk-moderation", ...env });
    return {
      checker: createContentChecker(config, { logger, ...(timeoutMs ? { timeoutMs } : {}) }),
      warnings,
    };
  };

  it("sends every non-empty field once, with the model and the key, and finds nothing in a clean character", async () => {
    const { checker, warnings } = checkerFor();
    expect(checker.engines).toBe("rules+moderation_api");
    expect(await checker.checkCharacter(CLEAN)).toEqual([]);
    expect(fake.requests).toEqual([
      {
        body: {
          model: DEFAULT_MODERATION_MODEL,
          input: [
            CLEAN.name,
            CLEAN.title,
            CLEAN.persona,
            CLEAN.greeting,
            CLEAN.scenario,
            CLEAN.tags.join(", "),
          ],
        },
        authorization: "Bearer sk-moderation",
      },
    ]);
    expect(warnings).toEqual([]);
  });

  it("maps a flagged result to its field and adds the rules' findings; other categories are left alone", async () => {
    const { checker } = checkerFor({ MODERATION_MODEL: "text-moderation-stable" });
    const findings = await checker.checkCharacter({
      ...CLEAN,
      greeting: `Hi ${MINORS_MARKER}`,
      scenario: `An explicit scene ${SEXUAL_MARKER}`,
      tags: ["loli"],
    });
    expect(findings).toEqual([
      { field: "tags", category: "underage", term: "loli", engine: "rules" },
      { field: "greeting", category: "sexual/minors", term: "sexual/minors", engine: "moderation_api" },
    ]);
    expect(fake.requests[0]?.body.model).toBe("text-moderation-stable");
  });

  it("accepts a base URL that already ends in /v1", async () => {
    const { checker } = checkerFor({ MODERATION_BASE_URL: `${fake.url}/v1/` });
    expect(await checker.checkCharacter({ name: `Mia ${MINORS_MARKER}` })).toEqual([
      { field: "name", category: "sexual/minors", term: "sexual/minors", engine: "moderation_api" },
    ]);
  });

  it("refuses an image prompt the server flags with the imagePromptUnderage error", async () => {
    const { checker } = checkerFor();
    const check = await checker.checkImagePrompt(`a portrait ${MINORS_MARKER}`);
    expect(check).toMatchObject({ allowed: false, error: { code: "imagePromptUnderage" } });
    expect(fake.requests.at(-1)?.body.input).toEqual([`a portrait ${MINORS_MARKER}`]);
    expect(await checker.checkImagePrompt("a portrait of a knight")).toEqual({ allowed: true, findings: [] });
  });

  it.each([
    ["an error status", "refuse-500", /answered 500/],
    ["an answer that is not JSON", "not-json", /no JSON/],
    ["one result for several inputs", "one-result", /no result per input/],
  ] as const)("fails safe on %s: a check_unavailable finding and a warning", async (_label, mode, reason) => {
    fake.mode = mode;
    const { checker, warnings } = checkerFor();
    const findings = await checker.checkCharacter({ ...CLEAN, tags: ["shota"] });
    expect(findings).toEqual([
      { field: "tags", category: "underage", term: "shota", engine: "rules" },
      {
        field: null,
        category: "check_unavailable",
        term: expect.stringMatching(reason),
        engine: "moderation_api",
      },
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/holding the content for review/);
    expect(warnings[0]?.details.fields).toEqual(["name", "title", "persona", "greeting", "scenario", "tags"]);
    // An image prompt is one input, so one result is the right answer there.
    const image = await checker.checkImagePrompt("a portrait of a knight");
    if (mode === "one-result") expect(image).toEqual({ allowed: true, findings: [] });
    else expect(image).toMatchObject({ allowed: false, findings: [{ category: "check_unavailable" }] });
  });

  it("fails safe on a wrong key, a server that hangs, and one that cannot be reached", async () => {
    const wrongKey = checkerFor({ MODERATION_API_KEY: "sk-wrong" });
    expect(await wrongKey.checker.checkCharacter(CLEAN)).toEqual([
      {
        field: null,
        category: "check_unavailable",
        term: expect.stringMatching(/answered 401/),
        engine: "moderation_api",
      },
    ]);

    fake.mode = "hang";
    const hanging = checkerFor({}, 300);
    const started = Date.now();
    expect(await hanging.checker.checkCharacter(CLEAN)).toMatchObject([{ category: "check_unavailable" }]);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(hanging.warnings).toHaveLength(1);

    const closed = await startFakeModeration();
    const url = closed.url;
    await closed.close();
    const unreachable = checkerFor({ MODERATION_BASE_URL: url });
    expect(await unreachable.checker.checkCharacter(CLEAN)).toEqual([
      {
        field: null,
        category: "check_unavailable",
        term: expect.stringMatching(/unreachable/),
        engine: "moderation_api",
      },
    ]);
  });

  it("asks nothing for an empty character", async () => {
    const { checker } = checkerFor();
    expect(await checker.checkCharacter({ name: " ", tags: [] })).toEqual([]);
    expect(fake.requests).toEqual([]);
  });
});
