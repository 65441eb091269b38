import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { cliOption, json, readJson } from "./fake-http";

/**
 * A small AUTOMATIC1111-compatible web API for tests and e2e: `POST /sdapi/v1/txt2img` samples `steps`
 * steps of `stepMs` each and answers a real PNG (base64 in `images[0]`): a picture drawn with sharp from
 * the prompt, or the file `imageFile` names; `GET /sdapi/v1/progress` answers the running job's
 * progress and sampling step; `POST /sdapi/v1/interrupt` ends it. Modes: ok; refuse-500 (an error status);
 * no-image (an answer without images). Tests set options directly; other processes use POST /__control
 * with the same JSON fields; GET /__control answers the options and the txt2img bodies received.
 */
export type FakeA1111Options = {
  mode: "ok" | "refuse-500" | "no-image";
  stepMs: number;
  /** Answer this file's bytes instead of a drawn picture. */
  imageFile: string | null;
  /** When set, requests must carry `Authorization: Basic base64(apiAuth)` (A1111's --api-auth). */
  apiAuth: string | null;
};

export type Txt2ImgBody = {
  prompt?: string;
  negative_prompt?: string;
  width?: number;
  height?: number;
  steps?: number;
  override_settings?: { sd_model_checkpoint?: string };
};

export type FakeA1111 = {
  url: string;
  port: number;
  options: FakeA1111Options;
  requests: Txt2ImgBody[];
  /** Progress answers given while a job ran (with a step > 0). */
  progressReads(): number;
  interrupts(): number;
  close(): Promise<void>;
};

/** A real PNG of the given size: a diagonal gradient tinted by the prompt. */
export async function drawPng(prompt: string, width: number, height: number): Promise<Buffer> {
  let hash = 0;
  for (const character of prompt) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x + (hash & 0xff)) % 256;
      pixels[i + 1] = (y + ((hash >> 8) & 0xff)) % 256;
      pixels[i + 2] = ((x + y) / 2 + ((hash >> 16) & 0xff)) % 256;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export async function startFakeA1111(options: Partial<FakeA1111Options> = {}, port = 0): Promise<FakeA1111> {
  const state: FakeA1111Options = { mode: "ok", stepMs: 20, imageFile: null, apiAuth: null, ...options };
  const requests: Txt2ImgBody[] = [];
  let job: { step: number; steps: number; interrupted: boolean } | null = null;
  let progressReads = 0;
  let interrupts = 0;

  const authorized = (request: IncomingMessage) =>
    !state.apiAuth ||
    request.headers.authorization === `Basic ${Buffer.from(state.apiAuth).toString("base64")}`;

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { error: String(error) });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = (request.url ?? "").split("?")[0];
    if (url === "/__control") {
      if (request.method === "POST") Object.assign(state, await readJson(request));
      return json(response, 200, { options: state, requests });
    }
    if (!authorized(request)) return json(response, 401, { detail: "Not authenticated" });
    if (url === "/sdapi/v1/progress" && request.method === "GET") {
      if (job && job.step > 0) progressReads++;
      const current = job ?? { step: 0, steps: 0 };
      return json(response, 200, {
        progress: current.steps > 0 ? current.step / current.steps : 0,
        eta_relative: current.steps > 0 ? ((current.steps - current.step) * state.stepMs) / 1000 : 0,
        state: {
          skipped: false,
          interrupted: job?.interrupted ?? false,
          job: job ? "txt2img" : "",
          job_count: job ? 1 : 0,
          sampling_step: current.step,
          sampling_steps: current.steps,
        },
        current_image: null,
        textinfo: null,
      });
    }
    if (url === "/sdapi/v1/interrupt" && request.method === "POST") {
      interrupts++;
      if (job) job.interrupted = true;
      return json(response, 200, {});
    }
    if (url === "/sdapi/v1/txt2img" && request.method === "POST") {
      const body = (await readJson(request)) as Txt2ImgBody;
      requests.push(body);
      if (state.mode === "refuse-500") return json(response, 500, { error: "CUDA out of memory" });
      const steps = body.steps ?? 20;
      const running = { step: 0, steps, interrupted: false };
      job = running;
      for (let step = 1; step <= steps && !running.interrupted; step++) {
        await new Promise((resolve) => setTimeout(resolve, state.stepMs));
        running.step = step;
      }
      if (job === running) job = null;
      if (state.mode === "no-image") return json(response, 200, { images: [], parameters: body, info: "{}" });
      const png = state.imageFile
        ? await readFile(state.imageFile)
        : await drawPng(body.prompt ?? "", body.width ?? 512, body.height ?? 512);
      return json(response, 200, { images: [png.toString("base64")], parameters: body, info: "{}" });
    }
    json(response, 404, { detail: "Not Found" });
  }

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    options: state,
    requests,
    progressReads: () => progressReads,
    interrupts: () => interrupts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** CLI: `npx tsx apps/server/test/support/fake-a1111.ts --port 7860 [--step-ms 100] [--image file.png]`. */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeA1111(
    { stepMs: Number(cliOption("step-ms") ?? 100), imageFile: cliOption("image") ?? null },
    Number(cliOption("port") ?? 0),
  );
  console.log(fake.port);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
