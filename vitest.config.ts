import { defineConfig } from "vitest/config";
import { WEB_FILES_MOCKING_MODULES } from "./apps/web/src/test/module-mocks.ts";

/** What both web projects run with: a browser-like page and the setup that clears it after each test. */
const webTests = { environment: "jsdom", setupFiles: ["apps/web/src/test/setup.ts"] };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "apps/server/src/**/*.test.ts"],
          environment: "node",
          // Each worker loads the modules once for all its files (57 s to 14 s); nothing here mocks a module.
          isolate: false,
        },
      },
      {
        esbuild: { jsx: "automatic" },
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          exclude: WEB_FILES_MOCKING_MODULES,
          ...webTests,
          // One module graph and one page per worker for all files (unit and web 73 s instead of 242 s); the
          // setup file clears what a test leaves in the page. Files that mock a module run isolated, below.
          isolate: false,
        },
      },
      {
        esbuild: { jsx: "automatic" },
        test: {
          name: "web-mocks",
          include: WEB_FILES_MOCKING_MODULES,
          ...webTests,
        },
      },
      {
        test: {
          name: "integration",
          include: ["apps/server/test/**/*.int.test.ts"],
          environment: "node",
          fileParallelism: false,
          // One module graph per worker for all files (the PGlite pass in about 6.5 min instead of 11): each file
          // starts its own servers on fresh databases, and what modules keep across apps is keyed by row and
          // version (lorebook caches) or shared on purpose (the NSFW model's thread; change feeds announce a
          // write to every app of the process, which only invalidates more). Green in shuffled file orders.
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
