import type { AppContext } from "../../context";
import type { JobQueue } from "../jobs/index";
import { newMediaKey } from "../media/index";
import * as repo from "./repository";
import { trainingImages } from "./service";
import { createHttpTrainer, type Trainer, TrainerError } from "./trainer";

export const TRAINING_JOBS = {
  submit: "training-submit",
  poll: "training-poll",
  sweep: "training-sweep",
} as const;
export const TRAINING_QUEUES = Object.values(TRAINING_JOBS);

type RequestJob = { requestId: string };

/**
 * Training's work on the job queue (never timers): a new request's `training-submit` job sends the
 * character's images to the trainer, then sends a `training-poll` job; every minute `training-sweep`
 * sends a poll for each training in progress (and a submit for each request still queued, e.g. after the
 * trainer was down), one per request at a time (`stately`). A poll that finds the training succeeded
 * stores the LoRA in the object store (`loras/<uuid>.safetensors`) and sets the character's lora_status
 * ready; a failed one sets the request failed and the character back to its previous LoRA (or none).
 */
export function registerTrainingJobs(
  jobs: JobQueue,
  ctx: Pick<AppContext, "config" | "database" | "objectStore">,
  trainer: Trainer | null = ctx.config.trainer ? createHttpTrainer(ctx.config.trainer) : null,
): void {
  if (!trainer) return;
  const { db } = ctx.database;

  const fail = async (requestId: string, characterId: string, error: string) => {
    await repo.updateRequest(db, requestId, { status: "failed", error, finishedAt: new Date() });
    const previous = await repo.latestReadyRequest(db, characterId);
    await repo.setLoraStatus(db, characterId, previous ? "ready" : null);
  };

  jobs.define<RequestJob>(
    TRAINING_JOBS.submit,
    { policy: "stately", retryLimit: 3, retryDelaySeconds: 60 },
    async ({ requestId }) => {
      const request = await repo.findRequest(db, requestId);
      if (request?.status !== "queued") return;
      const character = await repo.findCharacter(db, request.characterId);
      if (!character || character.isDeleted) {
        await fail(request.id, request.characterId, "The character is gone.");
        return;
      }
      const images = await trainingImages(ctx.config, character);
      if (images.length === 0) {
        await fail(request.id, request.characterId, "The character has no avatar to train from.");
        return;
      }
      let submitted: { id: string };
      try {
        submitted = await trainer.submit({
          name: request.loraName,
          character: { id: character.id, name: character.name },
          images,
        });
      } catch (error) {
        if (error instanceof TrainerError && error.permanent) {
          await fail(request.id, request.characterId, error.message);
          return;
        }
        throw error;
      }
      await repo.updateRequest(db, request.id, {
        status: "training",
        trainerJobId: submitted.id,
        startedAt: new Date(),
      });
      await jobs.send(TRAINING_JOBS.poll, { requestId: request.id }, { singletonKey: request.id });
    },
  );

  jobs.define<RequestJob>(
    TRAINING_JOBS.poll,
    { policy: "stately", retryLimit: 2, retryDelaySeconds: 30 },
    async ({ requestId }) => {
      const request = await repo.findRequest(db, requestId);
      if (request?.status !== "training" || !request.trainerJobId) return;
      const status = await trainer.status(request.trainerJobId);
      if (status.status === "failed") {
        await fail(request.id, request.characterId, status.error ?? "The trainer reported a failure.");
        return;
      }
      if (status.status !== "succeeded") return;
      const bytes = await trainer.lora(request.trainerJobId);
      const key = newMediaKey("loras", "safetensors");
      await ctx.objectStore.put(key, bytes, "application/octet-stream");
      await repo.updateRequest(db, request.id, { status: "ready", loraKey: key, finishedAt: new Date() });
      await repo.setLoraStatus(db, request.characterId, "ready");
    },
  );

  jobs.define(TRAINING_JOBS.sweep, { policy: "singleton", retryLimit: 1 }, async () => {
    for (const request of await repo.activeRequests(db)) {
      const name = request.status === "queued" ? TRAINING_JOBS.submit : TRAINING_JOBS.poll;
      await jobs.send(name, { requestId: request.id }, { singletonKey: request.id });
    }
  });
  jobs.schedule(TRAINING_JOBS.sweep, "* * * * *");
}
