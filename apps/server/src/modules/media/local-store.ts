import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { assertMediaKey } from "./keys";
import type { ObjectStore, StoredObject } from "./types";

/**
 * Objects as files under `root` (`${DATA_DIR}/media`): `images/<uuid>.png` is `root/images/<uuid>.png`,
 * its content type beside it in `<file>.type`. Keys are validated first, so no path leaves `root`.
 */
export function createLocalObjectStore(root: string): ObjectStore & { readonly kind: "local" } {
  const pathOf = (key: string) => {
    assertMediaKey(key);
    return join(root, key);
  };
  return {
    kind: "local",
    async put(key, bytes, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temporary = `${path}.${process.pid}.tmp`;
      await writeFile(temporary, bytes);
      await writeFile(`${path}.type`, contentType);
      await rename(temporary, path);
    },
    async get(key): Promise<StoredObject | null> {
      const path = pathOf(key);
      try {
        const [bytes, contentType] = await Promise.all([
          readFile(path),
          readFile(`${path}.type`, "utf8").catch(() => "application/octet-stream"),
        ]);
        return { bytes, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await Promise.all([rm(path, { force: true }), rm(`${path}.type`, { force: true })]);
    },
  };
}
