import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { drawPng } from "./fake-a1111";
import { json, readJson } from "./fake-http";

/**
 * A small OpenAI-compatible images API for tests (OpenAI, LocalAI): `POST /v1/images/generations`
 * answers `{created, data: [{b64_json}]}` with a real PNG (drawn from the prompt, or `imageFile`'s bytes),
 * the OpenAI error body on a wrong key (401) or in mode refuse-500.
 */
export type FakeOpenAiImagesOptions = {
  mode: "ok" | "refuse-500";
  apiKey: string | null;
  imageFile: string | null;
};

export type ImagesRequestBody = {
  model?: string;
  prompt?: string;
  n?: number;
  size?: string;
  response_format?: string;
};

export type FakeOpenAiImages = {
  /** Base URL for IMAGE_BASE_URL, ending in /v1. */
  url: string;
  options: FakeOpenAiImagesOptions;
  requests: ImagesRequestBody[];
  close(): Promise<void>;
};

export async function startFakeOpenAiImages(
  options: Partial<FakeOpenAiImagesOptions> = {},
): Promise<FakeOpenAiImages> {
  const state: FakeOpenAiImagesOptions = { mode: "ok", apiKey: null, imageFile: null, ...options };
  const requests: ImagesRequestBody[] = [];
  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, openAiError(String(error), "server_error"));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    if (request.url !== "/v1/images/generations" || request.method !== "POST") {
      return json(response, 404, openAiError("Not found", "not_found"));
    }
    if (state.apiKey && request.headers.authorization !== `Bearer ${state.apiKey}`) {
      return json(response, 401, openAiError("Incorrect API key provided", "invalid_api_key"));
    }
    const body = (await readJson(request)) as ImagesRequestBody;
    requests.push(body);
    if (state.mode === "refuse-500") return json(response, 500, openAiError("The server had an error", null));
    const [width, height] = (body.size ?? "256x256").split("x").map(Number);
    const png = state.imageFile
      ? await readFile(state.imageFile)
      : await drawPng(body.prompt ?? "", width || 256, height || 256);
    json(response, 200, {
      created: Math.floor(Date.now() / 1000),
      data: [{ b64_json: png.toString("base64") }],
    });
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/v1`,
    options: state,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const openAiError = (message: string, code: string | null) => ({
  error: { message, type: "invalid_request_error", param: null, code },
});
