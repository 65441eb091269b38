import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DEMO_CHARACTERS, DEMO_CREATORS } from "./demo-content";

const avatarPath = (file: string): string =>
  fileURLToPath(new URL(`../../../assets/avatars/${file}`, import.meta.url));

describe("demo content", () => {
  it("has a healthy number of characters and creators", () => {
    expect(DEMO_CHARACTERS.length).toBeGreaterThanOrEqual(12);
    expect(DEMO_CREATORS.length).toBeGreaterThanOrEqual(4);
  });

  it("references existing creators only", () => {
    const keys = new Set(DEMO_CREATORS.map((c) => c.key));
    expect(keys.size).toBe(DEMO_CREATORS.length);
    for (const ch of DEMO_CHARACTERS) expect(keys.has(ch.creatorKey), ch.name).toBe(true);
  });

  it("has valid, unique usernames and demo emails", () => {
    const usernames = DEMO_CREATORS.map((c) => c.username);
    for (const u of usernames) expect(u).toMatch(/^[a-z0-9_-]{3,20}$/);
    expect(new Set(usernames).size).toBe(usernames.length);
    for (const c of DEMO_CREATORS) expect(c.email).toMatch(/^[a-z0-9._-]+@demo\.hearth\.local$/);
  });

  it("has an existing SVG avatar for every creator and character", () => {
    const files = [...DEMO_CREATORS, ...DEMO_CHARACTERS].map((x) => x.avatarFile);
    expect(new Set(files).size).toBe(files.length);
    for (const file of files) {
      const path = avatarPath(file);
      expect(existsSync(path), file).toBe(true);
      const svg = readFileSync(path, "utf8");
      expect(svg.startsWith("<svg"), file).toBe(true);
      expect(svg).not.toMatch(/<script|<foreignObject|https?:\/\/(?!www\.w3\.org\/2000\/svg)/i);
      expect(svg.length, file).toBeLessThan(8 * 1024);
    }
  });

  it("gives every character non-empty, lower-case tags", () => {
    for (const ch of DEMO_CHARACTERS) {
      expect(ch.tags.length, ch.name).toBeGreaterThanOrEqual(2);
      expect(ch.tags.length, ch.name).toBeLessThanOrEqual(5);
      for (const tag of ch.tags) expect(tag).toMatch(/^[a-z][a-z0-9 -]*$/);
    }
  });

  it("is entirely safe for work", () => {
    for (const ch of DEMO_CHARACTERS) expect(ch.isNsfw, ch.name).toBe(false);
  });

  it("has complete, plausible character fields", () => {
    const names = DEMO_CHARACTERS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const ch of DEMO_CHARACTERS) {
      expect(ch.name.length).toBeLessThanOrEqual(40);
      expect(ch.title.length, ch.name).toBeLessThanOrEqual(50);
      for (const text of [ch.greeting, ch.persona, ch.scenario])
        expect(text.trim().length).toBeGreaterThan(40);
      expect(ch.dialogue).toContain("{{user}}:");
      expect(ch.dialogue).toContain("{{char}}:");
      expect(Number.isInteger(ch.numMessages) && ch.numMessages > 0).toBe(true);
    }
    expect(DEMO_CHARACTERS.some((c) => c.definitionVisible)).toBe(true);
    expect(DEMO_CHARACTERS.some((c) => !c.definitionVisible)).toBe(true);
  });
});
