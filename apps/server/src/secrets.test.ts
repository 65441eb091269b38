import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { resolveSecrets } from "./secrets";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("resolveSecrets", () => {
  it("generates secrets once into a 0600 file and reuses them", () => {
    const parent = mkdtempSync(join(tmpdir(), "hearth-secrets-"));
    dirs.push(parent);
    const dataDir = join(parent, "data");
    const first = resolveSecrets(loadConfig({ DATA_DIR: dataDir }));
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.encryptionKey).not.toBe(first.jwtSecret);
    expect(statSync(join(dataDir, "secrets.json")).mode & 0o777).toBe(0o600);
    expect(resolveSecrets(loadConfig({ DATA_DIR: dataDir }))).toEqual(first);
  });

  it("prefers secrets from the environment", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "hearth-secrets-"));
    dirs.push(dataDir);
    const env = { DATA_DIR: dataDir, JWT_SECRET: "j".repeat(32), ENCRYPTION_KEY: "e".repeat(32) };
    expect(resolveSecrets(loadConfig(env))).toEqual({
      jwtSecret: "j".repeat(32),
      encryptionKey: "e".repeat(32),
    });
  });
});
