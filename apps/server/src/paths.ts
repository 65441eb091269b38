import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const SERVER_PACKAGE_NAME = "@hearth/server";

/**
 * The server package folder, found by walking up from this file so that it is the same whether the code
 * runs from `src/` (tsx, vitest) or from the bundle in `dist/`.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, "package.json");
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, "utf8")) as { name?: string };
      if (pkg.name === SERVER_PACKAGE_NAME) return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the ${SERVER_PACKAGE_NAME} package folder`);
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot();
export const MIGRATIONS_DIR = join(SERVER_ROOT, "drizzle");
export const AVATARS_DIR = join(SERVER_ROOT, "assets", "avatars");
export const DEFAULT_WEB_DIST = join(SERVER_ROOT, "..", "web", "dist");
export const SERVER_VERSION: string =
  (JSON.parse(readFileSync(join(SERVER_ROOT, "package.json"), "utf8")) as { version?: string }).version ??
  "0.0.0";
