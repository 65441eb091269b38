import { z } from "zod";
import type { ServerConfig } from "../../config";

/**
 * The LoRA trainer's HTTP protocol (README, "Media storage, NSFW check and training"):
 *
 * - `POST {TRAINER_BASE_URL}/v1/trainings` with JSON `{name, character: {id, name}, images: [{content_type,
 *   data}]}` (data: base64) → 201/202 `{id}`.
 * - `GET {TRAINER_BASE_URL}/v1/trainings/{id}` → `{status: "queued"|"running"|"succeeded"|"failed",
 *   progress: 0..1, error?: string}`.
 * - `GET {TRAINER_BASE_URL}/v1/trainings/{id}/lora` → the LoRA's .safetensors bytes (once succeeded).
 *
 * With TRAINER_API_KEY every request carries `Authorization: Bearer <key>`.
 */
export type TrainingImage = { contentType: string; bytes: Buffer };
export type TrainingSubmission = {
  name: string;
  character: { id: string; name: string };
  images: TrainingImage[];
};

export const trainerStatusSchema = z.object({
  status: z.enum(["queued", "running", "succeeded", "failed"]),
  progress: z.number().min(0).max(1).default(0),
  error: z.string().optional(),
});
export type TrainerStatus = z.infer<typeof trainerStatusSchema>;

const submittedSchema = z.object({ id: z.string().min(1).max(200) });

/** A failure talking to the trainer; `permanent` when it refused the request itself (4xx), not worth a retry. */
export class TrainerError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface Trainer {
  submit(submission: TrainingSubmission): Promise<{ id: string }>;
  status(id: string): Promise<TrainerStatus>;
  lora(id: string): Promise<Buffer>;
}

/** The LoRA file's largest accepted size. */
const LORA_MAX_BYTES = 1024 * 1024 * 1024;

export function createHttpTrainer(
  settings: NonNullable<ServerConfig["trainer"]>,
  options: { timeoutMs?: number } = {},
): Trainer {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const headers = (extra: Record<string, string> = {}) => ({
    ...extra,
    ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
  });
  const request = async (path: string, init: RequestInit = {}) => {
    let response: Response;
    try {
      response = await fetch(`${settings.baseUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new TrainerError(`Trainer unreachable: ${(error as Error).message}`, false);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
      throw new TrainerError(`Trainer answered ${response.status}: ${text.slice(0, 200)}`, permanent);
    }
    return response;
  };
  const json = async <T>(response: Response, schema: z.ZodType<T>): Promise<T> => {
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new TrainerError("Trainer answered an unexpected body", false);
    return parsed.data;
  };
  const trainingPath = (id: string) => `/v1/trainings/${encodeURIComponent(id)}`;
  return {
    async submit(submission) {
      const response = await request("/v1/trainings", {
        method: "POST",
        headers: headers({ "content-type": "application/json" }),
        body: JSON.stringify({
          name: submission.name,
          character: submission.character,
          images: submission.images.map((image) => ({
            content_type: image.contentType,
            data: image.bytes.toString("base64"),
          })),
        }),
      });
      return json(response, submittedSchema);
    },
    async status(id) {
      return json(await request(trainingPath(id), { headers: headers() }), trainerStatusSchema);
    },
    async lora(id) {
      const response = await request(`${trainingPath(id)}/lora`, { headers: headers() });
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length === 0 || bytes.length > LORA_MAX_BYTES) {
        throw new TrainerError(`Trainer answered a LoRA of ${bytes.length} bytes`, false);
      }
      return bytes;
    },
  };
}
