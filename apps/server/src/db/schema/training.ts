import { TRAINING_REQUEST_STATUSES } from "@hearth/contracts";
import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { characters } from "./characters";
import { createdAt, updatedAt, users } from "./platform";

/**
 * A member's request to train a character's LoRA (chat spec 7: POST characters/train). Queued until the
 * submit job hands it to the trainer (TRAINER_BASE_URL, README), training until the trainer finishes,
 * then ready (the LoRA file in the object store under `lora_key`) or failed. The queue is every request
 * queued or training, oldest first.
 */
export const trainingRequests = pgTable(
  "training_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    characterId: uuid("character_id")
      .notNull()
      .references(() => characters.id, { onDelete: "cascade" }),
    status: text("status", { enum: TRAINING_REQUEST_STATUSES }).notNull().default("queued"),
    /** The trainer's id for this training (`POST /v1/trainings` answer). */
    trainerJobId: text("trainer_job_id"),
    /** The LoRA's name in image prompts (`<lora:name:weight>`), sent to the trainer. */
    loraName: text("lora_name").notNull(),
    /** Where the finished .safetensors file is in the object store (`loras/<uuid>.safetensors`). */
    loraKey: text("lora_key"),
    error: text("error"),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("training_requests_user_idx").on(t.userId, t.createdAt.desc()),
    index("training_requests_character_idx").on(t.characterId, t.createdAt.desc()),
    index("training_requests_queue_idx").on(t.createdAt).where(sql`status in ('queued', 'training')`),
  ],
);

export type TrainingRequestRow = typeof trainingRequests.$inferSelect;
