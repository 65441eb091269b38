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
          // One module graph for all files, loaded once: isolated, each file loaded its own (the server,
          // drizzle, fastify, PGlite's WebAssembly) and started its servers on cold code, and the PGlite pass
          // took 14 min against 7.5. Module state (connection pools, the in-process change feed) is
          // shared now; the files mock nothing, and each starts its own server on its own database.
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
