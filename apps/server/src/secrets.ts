import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { ServerConfig } from "./config";

export type Secrets = { jwtSecret: string; encryptionKey: string };

const storedSecretsSchema = z.object({ jwtSecret: z.string().min(32), encryptionKey: z.string().min(32) });

/**
 * Secrets from the environment, or else generated once and kept in `${DATA_DIR}/secrets.json` (mode 0600)
 * so that sessions and encrypted keys survive restarts of a self-hosted install with no configuration.
 */
export function resolveSecrets(config: ServerConfig): Secrets {
  if (config.jwtSecret && config.encryptionKey) {
    return { jwtSecret: config.jwtSecret, encryptionKey: config.encryptionKey };
  }
  const file = join(config.dataDir, "secrets.json");
  let stored: Secrets;
  if (existsSync(file)) {
    const parsed = storedSecretsSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!parsed.success) throw new Error(`${file} is not valid; remove it to generate new secrets`);
    stored = parsed.data;
  } else {
    stored = { jwtSecret: randomSecret(), encryptionKey: randomSecret() };
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return {
    jwtSecret: config.jwtSecret ?? stored.jwtSecret,
    encryptionKey: config.encryptionKey ?? stored.encryptionKey,
  };
}

function randomSecret(): string {
  return randomBytes(32).toString("base64url");
}
