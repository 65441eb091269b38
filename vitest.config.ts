import { defineConfig } from "vitest/config";

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
          environment: "jsdom",
          setupFiles: ["apps/web/src/test/setup.ts"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["apps/server/test/**/*.int.test.ts"],
          environment: "node",
          fileParallelism: false,
          // Isolated on purpose: sharing one module graph ran the PGlite pass in 7.5 min instead of 14, but a
          // shuffled file order then failed the SubscribeStar lapse jobs once (state left by an earlier file).
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
