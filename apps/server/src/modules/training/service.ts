import { readFile } from "node:fs/promises";
import { TRAINING_LIMITS, type TrainingStatus } from "@hearth/contracts";
import type { ServerConfig } from "../../config";
import type { Database } from "../../db/client";
import type { CharacterRow, UserRow } from "../../db/schema";
import { AppError, forbidden, notFound } from "../../http/errors";
import { memberPermissions } from "../../kernel/access-policy";
import type { Clock } from "../../kernel/clock";
import { memberViewer } from "../characters/index";
import { avatarFilePath } from "../uploads/index";
import { can, type TrainingActor } from "./policy";
import * as repo from "./repository";
import type { TrainingImage } from "./trainer";

const DAY_MS = 24 * 60 * 60 * 1000;
const NO_AVATAR = "Add an avatar to this character before training it.";

export type TrainingDeps = {
  db: Database;
  config: Pick<ServerConfig, "trainer" | "brand" | "dataDir">;
  clock: Clock;
  /** Sends the submit job of a new request (the job queue, jobs.ts). */
  enqueue(requestId: string): Promise<void>;
};

export const trainingUnavailable = () => new AppError(404, "training_unavailable");

function actorOf(config: TrainingDeps["config"], user: UserRow): TrainingActor {
  return { ...memberViewer(user, config), permissions: memberPermissions(user) };
}

async function characterFor(
  deps: TrainingDeps,
  actor: TrainingActor,
  characterId: string,
  action: "train" | "view_status",
): Promise<CharacterRow> {
  const character = await repo.findCharacter(deps.db, characterId);
  if (!character || !can(actor, "view_status", character)) throw notFound();
  if (!can(actor, action, character)) throw forbidden();
  return character;
}

/** The LoRA's name in prompts: unique per request, safe in `<lora:name:weight>`. */
const loraNameOf = (characterId: string, at: Date) =>
  `hearth_${characterId.replaceAll("-", "").slice(0, 12)}_${at.getTime().toString(36)}`;

/**
 * A member asks for a character's training (chat spec 7): refused without a trainer (nothing queued),
 * after TRAINING_LIMITS.dailyRequests requests in the last 24 hours, and for a character already waiting
 * in the queue (its place is answered, nothing new is queued). Answers the queue's length, counting it.
 */
export async function requestTraining(
  deps: TrainingDeps,
  user: UserRow,
  characterId: string,
): Promise<{ count: number }> {
  if (!deps.config.trainer) throw trainingUnavailable();
  const actor = actorOf(deps.config, user);
  const character = await characterFor(deps, actor, characterId, "train");
  if ((await trainingImages(deps.config, character)).length === 0) {
    throw new AppError(400, "validation_error", NO_AVATAR, { character_id: NO_AVATAR });
  }
  const now = deps.clock.now();
  const queued = await deps.db.transaction(async (tx) => {
    await repo.lockMember(tx, user.id);
    const latest = await repo.latestRequest(tx, characterId);
    if (latest && (latest.status === "queued" || latest.status === "training")) return null;
    if (
      (await repo.countRequestsSince(tx, user.id, new Date(now.getTime() - DAY_MS))) >=
      TRAINING_LIMITS.dailyRequests
    ) {
      throw new AppError(429, "training_limit");
    }
    const request = await repo.insertRequest(tx, {
      userId: user.id,
      characterId,
      loraName: loraNameOf(characterId, now),
      createdAt: now,
    });
    await repo.setLoraStatus(tx, characterId, "pending");
    return request;
  });
  if (queued) await deps.enqueue(queued.id);
  return { count: await repo.queueLength(deps.db) };
}

export async function trainingStatus(
  deps: TrainingDeps,
  user: UserRow,
  characterId: string,
): Promise<TrainingStatus> {
  const actor = actorOf(deps.config, user);
  const character = await characterFor(deps, actor, characterId, "view_status");
  const now = deps.clock.now();
  const [latest, queueLength, used] = await Promise.all([
    repo.latestRequest(deps.db, characterId),
    repo.queueLength(deps.db),
    repo.countRequestsSince(deps.db, user.id, new Date(now.getTime() - DAY_MS)),
  ]);
  let request: TrainingStatus["request"] = null;
  if (latest) {
    const waiting = latest.status === "queued" || latest.status === "training";
    const position = waiting ? await repo.queuePosition(deps.db, latest) : null;
    request = {
      status: latest.status,
      position,
      expected_wait_minutes: position === null ? null : position * TRAINING_LIMITS.minutesPerTraining,
      created_at: latest.createdAt.toISOString(),
    };
  }
  return {
    available: deps.config.trainer !== null,
    lora_status: character.loraStatus,
    request,
    queue_length: queueLength,
    requests_left: Math.max(0, TRAINING_LIMITS.dailyRequests - used),
  };
}

/**
 * A character's trained LoRA for image prompts (`<lora:name:weight>`): its newest finished training's name
 * and object-store key, when the character's lora_status is ready; else null.
 */
export async function readyLoraFor(
  db: Database,
  characterId: string,
): Promise<{ name: string; key: string } | null> {
  const character = await repo.findCharacter(db, characterId);
  if (character?.loraStatus !== "ready") return null;
  const request = await repo.latestReadyRequest(db, characterId);
  return request?.loraKey ? { name: request.loraName, key: request.loraKey } : null;
}

/** The images a character is trained from: its uploaded avatar (every stored size). */
export async function trainingImages(
  config: Pick<ServerConfig, "dataDir">,
  character: Pick<CharacterRow, "avatarUrl">,
): Promise<TrainingImage[]> {
  if (!character.avatarUrl) return [];
  const images: TrainingImage[] = [];
  for (const size of ["500x600", "400"]) {
    const url = character.avatarUrl.replace(/-(?:64|256|400|500x600)\.webp$/, `-${size}.webp`);
    const path = avatarFilePath(config, url);
    if (!path) continue;
    const bytes = await readFile(path).catch(() => null);
    if (bytes) images.push({ contentType: "image/webp", bytes });
  }
  return images;
}
