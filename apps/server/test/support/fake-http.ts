import type { IncomingMessage, ServerResponse } from "node:http";

/** What the fake engine servers (fake-*.ts) share: JSON answers, request bodies and their CLI options. */

export function json(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  response.end(text);
}

export async function readBytes(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export async function readBody(request: IncomingMessage): Promise<string> {
  return (await readBytes(request)).toString("utf8");
}

/** The request's JSON body; an empty body reads as `{}`. */
export async function readJson(request: IncomingMessage): Promise<unknown> {
  return JSON.parse((await readBody(request)) || "{}");
}

/** `--name value` from the command line of a fake started as a program. */
export function cliOption(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}
