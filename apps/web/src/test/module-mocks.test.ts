import { describe, expect, it } from "vitest";
import { WEB_FILES_MOCKING_MODULES } from "./module-mocks";

const tests = import.meta.glob<string>("../**/*.test.{ts,tsx}", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** A call of `vi.mock` or `vi.doMock`. */
const MOCKS_A_MODULE = /\bvi\.(?:mock|doMock)\(/;

describe("web test files that mock a module", () => {
  it("are exactly the ones listed to run isolated", () => {
    const mocking = Object.entries(tests)
      .filter(([, source]) => MOCKS_A_MODULE.test(source))
      .map(([path]) => `apps/web/src/${path.replace(/^\.\.\//, "")}`)
      .sort();
    expect(mocking).toEqual([...WEB_FILES_MOCKING_MODULES].sort());
  });
});
