import { z } from "zod";

/**
 * Character training (chat spec 6, 7, 8, 9): a member with image_training asks for a character's LoRA
 * with `POST /api/characters/train {character_id}`; the answer's `count` is the training queue's length,
 * counting this request. The trainer (TRAINER_BASE_URL, README) makes the LoRA; the character's
 * lora_status is `pending` until it is `ready`.
 */
export const TRAINING_LIMITS = {
  /** Chat spec 9: training requests a member may make per day (the last 24 hours). */
  dailyRequests: 4,
  /** Chat spec 9: a training takes about 10 minutes; the expected wait is this per request in the queue. */
  minutesPerTraining: 10,
} as const;

export const trainBodySchema = z.object({
  character_id: z.uuid("Character id must be a UUID"),
});
export type TrainBody = z.infer<typeof trainBodySchema>;

export const trainResponseSchema = z.object({
  /** The training queue's length (queued and training requests), counting this one. */
  count: z.number().int().min(1),
});
export type TrainResponse = z.infer<typeof trainResponseSchema>;

export const trainingStatusQuerySchema = z.object({
  character_id: z.uuid("Character id must be a UUID"),
});

export const TRAINING_REQUEST_STATUSES = ["queued", "training", "ready", "failed"] as const;
export const trainingRequestStatusSchema = z.enum(TRAINING_REQUEST_STATUSES);
export type TrainingRequestStatus = z.infer<typeof trainingRequestStatusSchema>;

/** What the training dialog shows for one character. */
export const trainingStatusSchema = z.object({
  /** Whether this server has a trainer (TRAINER_BASE_URL). */
  available: z.boolean(),
  lora_status: z.enum(["ready", "pending"]).nullable(),
  /** The character's newest training request, or null when it never had one. */
  request: z
    .object({
      status: trainingRequestStatusSchema,
      /** 1-based place in the queue while queued or training; null once finished. */
      position: z.number().int().min(1).nullable(),
      /** position × minutesPerTraining while waiting; null once finished. */
      expected_wait_minutes: z.number().int().min(0).nullable(),
      created_at: z.string(),
    })
    .nullable(),
  /** Queued and training requests of every member. */
  queue_length: z.number().int().min(0),
  /** How many more requests this member may make now (of dailyRequests per 24 hours). */
  requests_left: z.number().int().min(0),
});
export type TrainingStatus = z.infer<typeof trainingStatusSchema>;

/** The training dialog's texts; `error` is chat spec 8's. */
export const TRAINING_TEXTS = {
  title: "Train this character",
  body: "Training teaches the image generator what this character looks like, from its avatar, so every image of it in chat looks like it. It takes about 10 minutes, and up to a few days when the queue is long. Everyone chatting with the character gets the better images once it is ready.",
  submit: "Start training",
  submitting: "Submitting…",
  queued: "Training requested",
  ready: "This character is trained: its images already look like it.",
  error: "There was an error submitting the training request.",
  unavailable: "Training is not available on this server.",
  limit: "You can request 4 trainings a day. Try again tomorrow.",
  close: "Close",
} as const;
