import { buildApp } from "./app";
import { seedDatabase } from "./commands/index";
import { ConfigError, loadConfig, type ServerConfig } from "./config";
import { openDatabase } from "./db/client";
import { describeError } from "./http/error-log";
import { createLlmRegistry } from "./modules/llm/index";

function publicAddress(config: ServerConfig, port: number): string {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  return `http://${host}:${port}`;
}

async function start(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  const llm = createLlmRegistry(config);
  await seedDatabase(database.db, config, { countTokens: (text) => llm.platform.countTokens(text) });
  const app = await buildApp(config, { database, llm });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  app.log.info(`Hearth is running at ${publicAddress(config, port)} (database: ${database.driver})`);
  // The embedded model downloads (first start) and loads in the background; chats wait for it.
  void llm.warmUp().then((health) => {
    if (health.ok) app.log.info(`Language model: ${health.message}`);
    else app.log.warn(`Language model: ${health.message}`);
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await llm.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

start().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError ? error.message : `Hearth could not start: ${describeError(error)}`,
  );
  process.exit(1);
});
