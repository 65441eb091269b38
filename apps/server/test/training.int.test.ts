import {
  TRAINING_LIMITS,
  TRAINING_TEXTS,
  type TrainingStatus,
  type TrainResponse,
  trainingStatusSchema,
} from "@hearth/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { characters, trainingRequests } from "../src/db/schema";
import { createObjectStore } from "../src/modules/media/index";
import { readyLoraFor, TRAINING_JOBS, TRAINING_QUEUES } from "../src/modules/training/index";
import { storeAvatar } from "../src/modules/uploads/index";
import { insertCharacter, testImage, updateUser } from "./characters-fixtures";
import { call, startServer, type TestServer } from "./harness";
import { type FakeTrainer, startFakeTrainer } from "./support/fake-trainer";
import { expectError, type SignedUp, signUp } from "./support/members";

async function trainableCharacter(server: TestServer, creatorUserId: string, name = "Aria") {
  const avatar = await storeAvatar(server.config, await testImage(600, 600, "png"));
  return insertCharacter(server, { creatorUserId, name, avatarUrl: avatar.url });
}

const train = (server: TestServer, token: string, characterId: string) =>
  call<TrainResponse>(server, "/api/characters/train", { token, body: { character_id: characterId } });

const statusOf = async (server: TestServer, token: string, characterId: string) => {
  const response = await call<TrainingStatus>(
    server,
    `/api/characters/train/status?character_id=${characterId}`,
    {
      token,
    },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return trainingStatusSchema.parse(response.body);
};

async function loraStatus(server: TestServer, id: string) {
  const [row] = await server.database.db.select().from(characters).where(eq(characters.id, id));
  return row?.loraStatus;
}

describe("character training with a trainer (TRAINER_BASE_URL)", () => {
  let trainer: FakeTrainer;
  let server: TestServer;
  let premium: SignedUp;

  beforeAll(async () => {
    trainer = await startFakeTrainer({ apiKey: "trainer-key", pollsUntilDone: 1 });
    server = await startServer({ TRAINER_BASE_URL: trainer.url, TRAINER_API_KEY: "trainer-key" }, undefined, {
      jobPollingIntervalSeconds: 0.5,
    });
  });
  afterAll(async () => {
    await server.close();
    await trainer.close();
  });
  beforeEach(async () => {
    premium = await signUp(server);
    await updateUser(server, premium.user.id, { role: "premium" });
  });

  it("queues a request, answers the queue's length, and reaches lora_status ready through the job queue", async () => {
    const character = await trainableCharacter(server, premium.user.id);
    const before = (await statusOf(server, premium.token, character.id)).queue_length;

    const response = await train(server, premium.token, character.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.count).toBeGreaterThanOrEqual(before + 1);
    expect(await loraStatus(server, character.id)).toBe("pending");

    // Asking again while it waits queues nothing new.
    const again = await train(server, premium.token, character.id);
    expect(again.status).toBe(200);
    const rows = await server.database.db
      .select()
      .from(trainingRequests)
      .where(eq(trainingRequests.characterId, character.id));
    expect(rows).toHaveLength(1);

    // The submit job hands it to the trainer, whose first poll answers "running".
    await server.app.jobs.settle(TRAINING_QUEUES);
    const training = [...trainer.trainings.values()].find((t) => t.character.id === character.id);
    expect(training?.images.length).toBeGreaterThan(0);
    expect(training?.name).toBe(rows[0]?.loraName);
    expect(await loraStatus(server, character.id)).toBe("pending");
    const waiting = await statusOf(server, premium.token, character.id);
    expect(waiting.request).toMatchObject({ status: "training", position: expect.any(Number) });
    expect(waiting.request?.expected_wait_minutes).toBe(
      (waiting.request?.position ?? 0) * TRAINING_LIMITS.minutesPerTraining,
    );
    expect(waiting.lora_status).toBe("pending");

    // The sweep (every minute) polls again: succeeded, the LoRA is fetched and stored.
    await server.app.jobs.send(TRAINING_JOBS.sweep, {});
    await server.app.jobs.settle(TRAINING_QUEUES);
    expect(await loraStatus(server, character.id)).toBe("ready");
    const lora = await readyLoraFor(server.database.db, character.id);
    expect(lora?.name).toBe(rows[0]?.loraName);
    expect(lora?.key).toMatch(/^loras\/[0-9a-f-]{36}\.safetensors$/);
    const stored = await createObjectStore(server.config).get(lora?.key ?? "");
    expect(stored && Buffer.compare(stored.bytes, training?.lora ?? Buffer.alloc(0))).toBe(0);

    const done = await statusOf(server, premium.token, character.id);
    expect(done).toMatchObject({ available: true, lora_status: "ready" });
    expect(done.request).toMatchObject({ status: "ready", position: null, expected_wait_minutes: null });
  });

  it("refuses the 5th request of the day with the spec's error", async () => {
    const made: string[] = [];
    for (let i = 0; i < TRAINING_LIMITS.dailyRequests; i++) {
      const character = await trainableCharacter(server, premium.user.id, `Bot ${i}`);
      made.push(character.id);
      const response = await train(server, premium.token, character.id);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.count).toBeGreaterThanOrEqual(1);
    }
    const fifth = await trainableCharacter(server, premium.user.id, "Bot 5");
    const refused = await train(server, premium.token, fifth.id);
    const error = expectError(refused, 429, "training_limit");
    expect(error.message).toBe(TRAINING_TEXTS.error);
    expect(await loraStatus(server, fifth.id)).toBeNull();
    expect((await statusOf(server, premium.token, fifth.id)).requests_left).toBe(0);
    await server.app.jobs.settle(TRAINING_QUEUES);
  });

  it("counts the queue: each new request's count is one more than the last", async () => {
    const first = await train(server, premium.token, (await trainableCharacter(server, premium.user.id)).id);
    const second = await train(server, premium.token, (await trainableCharacter(server, premium.user.id)).id);
    expect(second.body.count).toBe(first.body.count + 1);
    await server.app.jobs.settle(TRAINING_QUEUES);
  });

  it("is for members with image_training, on characters they can see", async () => {
    const free = await signUp(server);
    const character = await trainableCharacter(server, premium.user.id);
    expectError(await train(server, free.token, character.id), 403, "forbidden");

    const other = await signUp(server);
    const hidden = await insertCharacter(server, { creatorUserId: other.user.id, visibility: "private" });
    expectError(await train(server, premium.token, hidden.id), 404, "not_found");
    expectError(await train(server, premium.token, "00000000-0000-4000-8000-000000000000"), 404, "not_found");

    const noAvatar = await insertCharacter(server, { creatorUserId: premium.user.id });
    expectError(await train(server, premium.token, noAvatar.id), 400, "validation_error");
    expectError(
      await call(server, "/api/characters/train", { body: { character_id: character.id } }),
      401,
      "unauthenticated",
    );
    expect(await loraStatus(server, character.id)).toBeNull();
  });

  it("sets the request failed and the character back when the trainer fails", async () => {
    trainer.options.fail = true;
    try {
      const character = await trainableCharacter(server, premium.user.id);
      expect((await train(server, premium.token, character.id)).status).toBe(200);
      await server.app.jobs.settle(TRAINING_QUEUES);
      await server.app.jobs.send(TRAINING_JOBS.sweep, {});
      await server.app.jobs.settle(TRAINING_QUEUES);
      expect(await loraStatus(server, character.id)).toBeNull();
      expect((await statusOf(server, premium.token, character.id)).request?.status).toBe("failed");
      expect(await readyLoraFor(server.database.db, character.id)).toBeNull();
    } finally {
      trainer.options.fail = false;
    }
  });
});

describe("character training without a trainer", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it("answers that training is not available, and queues nothing", async () => {
    const member = await signUp(server);
    await updateUser(server, member.user.id, { role: "premium" });
    const character = await trainableCharacter(server, member.user.id);
    const error = expectError(await train(server, member.token, character.id), 404, "training_unavailable");
    expect(error.message).toBe(TRAINING_TEXTS.unavailable);
    expect(await server.database.db.select().from(trainingRequests)).toHaveLength(0);
    expect(await loraStatus(server, character.id)).toBeNull();
    const status = await statusOf(server, member.token, character.id);
    expect(status).toMatchObject({ available: false, request: null, queue_length: 0 });
  });
});
