import { describe, expect, it } from "vitest";

/**
 * The web's layering, checked on every source file's imports:
 * - a feature (`features/<name>/`) never imports another feature; what two features share lives in
 *   `api/` (fetchers, query keys, parsers), `lib/`, `components/` or `test/`, and pages in `routes/` and
 *   `app/` compose features;
 * - `api/` imports no feature, page or component (only `lib/`, other `api/` files and packages);
 * - `lib/` and `components/` import no feature.
 */
const sources = import.meta.glob<string>("./**/*.{ts,tsx}", {
  query: "?raw",
  import: "default",
  eager: true,
});

type Import = { file: string; target: string };

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;

/** `dir` joined with a relative specifier, without `.` and `..` segments (paths from `src/`). */
function resolveRelative(dir: string, specifier: string): string {
  const parts = dir ? dir.split("/") : [];
  for (const segment of specifier.split("/")) {
    if (segment === "..") parts.pop();
    else if (segment !== ".") parts.push(segment);
  }
  return parts.join("/");
}

/** The relative imports of a source text, resolved against its file (packages are left out). */
function importsOf(file: string, text: string): Import[] {
  const dir = file.split("/").slice(0, -1).join("/");
  return [...text.matchAll(SPECIFIER)]
    .map((match) => match[1] ?? "")
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => ({ file, target: resolveRelative(dir, specifier) }));
}

const allImports: Import[] = Object.entries(sources).flatMap(([key, text]) =>
  importsOf(key.replace(/^\.\//, ""), text),
);

const featureOf = (path: string): string | null => /^features\/([^/]+)\//.exec(`${path}/`)?.[1] ?? null;
const layerOf = (path: string): string => path.split("/")[0] ?? "";

describe("import boundaries", () => {
  it("reads the sources and their imports", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(allImports.some((i) => featureOf(i.file) && layerOf(i.target) === "api")).toBe(true);
  });

  it("resolves relative specifiers from the importing file", () => {
    expect(importsOf("features/a/components/x.tsx", 'import { y } from "../../../api/characters";')).toEqual([
      { file: "features/a/components/x.tsx", target: "api/characters" },
    ]);
    expect(importsOf("routes/p.tsx", 'const P = lazy(() => import("../features/b/c"));')).toEqual([
      { file: "routes/p.tsx", target: "features/b/c" },
    ]);
    expect(importsOf("api/x.ts", 'import { z } from "zod";\nexport * from "./y";')).toEqual([
      { file: "api/x.ts", target: "api/y" },
    ]);
  });

  it("features do not import each other", () => {
    const crossing = allImports.filter((i) => {
      const from = featureOf(i.file);
      const to = featureOf(i.target);
      return from !== null && to !== null && from !== to;
    });
    expect(crossing).toEqual([]);
  });

  it("api imports no feature, page or component", () => {
    const upward = allImports.filter(
      (i) =>
        layerOf(i.file) === "api" && ["features", "routes", "app", "components"].includes(layerOf(i.target)),
    );
    expect(upward).toEqual([]);
  });

  it("lib and components import no feature", () => {
    const upward = allImports.filter(
      (i) => ["lib", "components"].includes(layerOf(i.file)) && layerOf(i.target) === "features",
    );
    expect(upward).toEqual([]);
  });
});
