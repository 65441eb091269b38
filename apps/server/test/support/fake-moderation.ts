import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { json, readBody } from "./fake-http";

/**
 * A small OpenAI-compatible moderation server for tests: `POST /v1/moderations` with `{ model, input }`
 * (a string or an array of strings) answers one result per input in OpenAI's shape. An input is flagged
 * `sexual/minors` when it contains `FLAG_MINORS`, and `sexual` (which the check ignores) when it contains
 * `FLAG_SEXUAL`.
 *
 * Modes: ok; refuse-500 (an OpenAI error body); hang (headers, then nothing); not-json; one-result (a
 * single result whatever the input count).
 */
export type FakeModerationMode = "ok" | "refuse-500" | "hang" | "not-json" | "one-result";

export type ModerationRequestBody = { model?: string; input?: string | string[] };

export type FakeModeration = {
  /** Base URL without `/v1`. */
  url: string;
  mode: FakeModerationMode;
  /** When set, requests must carry `Authorization: Bearer <apiKey>` (401 otherwise). */
  apiKey: string | null;
  requests: { body: ModerationRequestBody; authorization: string | undefined }[];
  close(): Promise<void>;
};

export const MINORS_MARKER = "FLAG_MINORS";
export const SEXUAL_MARKER = "FLAG_SEXUAL";

const CATEGORIES = ["sexual", "sexual/minors", "harassment", "hate", "violence", "self-harm"] as const;

function resultFor(text: string) {
  const categories: Record<string, boolean> = Object.fromEntries(CATEGORIES.map((name) => [name, false]));
  categories["sexual/minors"] = text.includes(MINORS_MARKER);
  categories.sexual = text.includes(SEXUAL_MARKER) || categories["sexual/minors"] === true;
  const scores = Object.fromEntries(CATEGORIES.map((name) => [name, categories[name] ? 0.98 : 0.001]));
  return {
    flagged: Object.values(categories).some(Boolean),
    categories,
    category_scores: scores,
    category_applied_input_types: Object.fromEntries(CATEGORIES.map((name) => [name, ["text"]])),
  };
}

export async function startFakeModeration(
  options: { mode?: FakeModerationMode; apiKey?: string | null } = {},
): Promise<FakeModeration> {
  const hanging = new Set<ServerResponse>();
  const fake: FakeModeration = {
    url: "",
    mode: options.mode ?? "ok",
    apiKey: options.apiKey ?? null,
    requests: [],
    close: async () => {},
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = await readBody(request);
    if (request.method !== "POST" || request.url !== "/v1/moderations") {
      return json(response, 404, { error: { message: "Not found", type: "invalid_request_error" } });
    }
    if (fake.apiKey && request.headers.authorization !== `Bearer ${fake.apiKey}`) {
      return json(response, 401, {
        error: { message: "Incorrect API key provided.", code: "invalid_api_key" },
      });
    }
    const body = JSON.parse(raw) as ModerationRequestBody;
    fake.requests.push({ body, authorization: request.headers.authorization });
    const inputs = typeof body.input === "string" ? [body.input] : (body.input ?? []);
    switch (fake.mode) {
      case "refuse-500":
        return json(response, 500, {
          error: { message: "The fake moderation server failed.", type: "server_error" },
        });
      case "hang":
        response.writeHead(200, { "content-type": "application/json" });
        response.flushHeaders();
        hanging.add(response);
        response.on("close", () => hanging.delete(response));
        return;
      case "not-json":
        response.writeHead(200, { "content-type": "text/html" });
        response.end("<html>Bad gateway</html>");
        return;
      case "one-result":
        return json(response, 200, {
          id: "modr-fake",
          model: body.model,
          results: [resultFor(inputs[0] ?? "")],
        });
      case "ok":
        return json(response, 200, { id: "modr-fake", model: body.model, results: inputs.map(resultFor) });
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
