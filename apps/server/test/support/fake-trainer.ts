import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small LoRA trainer speaking Hearth's trainer protocol (README; src/modules/training/trainer.ts):
 * `POST /v1/trainings` → `{id}`, `GET /v1/trainings/{id}` → `{status, progress}`, and
 * `GET /v1/trainings/{id}/lora` → the LoRA bytes once succeeded. A training is "queued", then "running"
 * for `pollsUntilDone` status calls, then "succeeded" (or "failed" when `fail` is set). With `apiKey`
 * every request needs `Authorization: Bearer <apiKey>`.
 */
export type FakeTrainerOptions = { pollsUntilDone: number; fail: boolean; apiKey: string | null };

export type FakeTraining = {
  id: string;
  name: string;
  character: { id: string; name: string };
  images: { content_type: string; bytes: Buffer }[];
  polls: number;
  lora: Buffer;
};

export type FakeTrainer = {
  url: string;
  options: FakeTrainerOptions;
  trainings: Map<string, FakeTraining>;
  close(): Promise<void>;
};

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return null;
  }
}

type SubmitBody = {
  name?: unknown;
  character?: { id?: unknown; name?: unknown };
  images?: { content_type?: unknown; data?: unknown }[];
};

export async function startFakeTrainer(options: Partial<FakeTrainerOptions> = {}): Promise<FakeTrainer> {
  const settings: FakeTrainerOptions = { pollsUntilDone: 1, fail: false, apiKey: null, ...options };
  const trainings = new Map<string, FakeTraining>();
  const send = (res: import("node:http").ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer(async (req, res) => {
    if (settings.apiKey && req.headers.authorization !== `Bearer ${settings.apiKey}`) {
      return send(res, 401, { error: "unauthorized" });
    }
    const path = new URL(req.url ?? "/", "http://trainer").pathname;
    if (req.method === "POST" && path === "/v1/trainings") {
      const body = (await readJson(req)) as SubmitBody | null;
      const images = Array.isArray(body?.images) ? body.images : [];
      if (
        typeof body?.name !== "string" ||
        typeof body.character?.id !== "string" ||
        typeof body.character.name !== "string" ||
        images.length === 0 ||
        images.some((image) => typeof image.data !== "string" || typeof image.content_type !== "string")
      ) {
        return send(res, 400, { error: "name, character and images are required" });
      }
      const id = `tr_${randomBytes(6).toString("hex")}`;
      trainings.set(id, {
        id,
        name: body.name,
        character: { id: body.character.id, name: body.character.name },
        images: images.map((image) => ({
          content_type: String(image.content_type),
          bytes: Buffer.from(String(image.data), "base64"),
        })),
        polls: 0,
        // A recognisable stand-in for a .safetensors file: its 8-byte header length, then a JSON header.
        lora: safetensorsStub(body.name),
      });
      return send(res, 202, { id });
    }
    const match = /^\/v1\/trainings\/([^/]+)(\/lora)?$/.exec(path);
    const training = match ? trainings.get(decodeURIComponent(match[1] as string)) : undefined;
    if (req.method !== "GET" || !match) return send(res, 404, { error: "not found" });
    if (!training) return send(res, 404, { error: "no such training" });
    const done = training.polls > settings.pollsUntilDone;
    if (match[2]) {
      if (!done || settings.fail) return send(res, 409, { error: "not finished" });
      res.writeHead(200, { "content-type": "application/octet-stream" });
      return res.end(training.lora);
    }
    training.polls += 1;
    if (training.polls > settings.pollsUntilDone) {
      return send(
        res,
        200,
        settings.fail
          ? { status: "failed", progress: 1, error: "out of memory" }
          : { status: "succeeded", progress: 1 },
      );
    }
    return send(res, 200, { status: "running", progress: training.polls / (settings.pollsUntilDone + 1) });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    options: settings,
    trainings,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function safetensorsStub(name: string): Buffer {
  const header = Buffer.from(JSON.stringify({ __metadata__: { name } }));
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(header.length));
  return Buffer.concat([length, header]);
}
