import { defineConfig } from "tsup";

export default defineConfig({
  // The NSFW check's thread is its own file beside the bundle (modules/media/nsfw-classifier.ts starts it).
  entry: { main: "src/main.ts", "nsfw-worker": "src/modules/media/nsfw-worker.ts" },
  outDir: "dist",
  format: ["esm"],
  target: "node20",
  platform: "node",
  clean: true,
  sourcemap: true,
  // Workspace packages ship TypeScript source, so they are bundled; npm dependencies stay external.
  noExternal: [/^@hearth\//],
});
