import { Redis } from "ioredis";
import { beforeEach, describe, expect, it } from "vitest";
import {
  createMemoryWaitingRoomStore,
  createRedisWaitingRoomStore,
  type WaitingRoomStore,
} from "../src/modules/waiting-room/index";
import { useTestRedis } from "./support/test-redis";

/**
 * The waiting room's two stores answer alike: the in-process default, and Redis (a real redis-server),
 * which several instances share. Times are passed in, so the tests move them.
 */
const LIMITS = { openSlots: 2, accessMs: 20 * 60_000, staleAfterMs: 90_000, paceWindowMs: 600_000 };
const T0 = 1_800_000_000_000;

const testRedis = useTestRedis();

describe.each([
  ["in process", () => createMemoryWaitingRoomStore()],
  ["Redis", () => createRedisWaitingRoomStore(testRedis.client)],
])("the waiting room store (%s)", (_name, create: () => WaitingRoomStore) => {
  let store: WaitingRoomStore;
  beforeEach(async () => {
    await testRedis.client.flushall();
    store = create();
  });
  const fill = async (count: number, leaseUntil = T0 + 600_000) => {
    for (let i = 0; i < count; i++) await store.generationStarted(`generation-${i}`, leaseUntil);
  };

  it("gives access at once while a slot is open, for the access period", async () => {
    const visit = await store.visit("guest:a", T0, LIMITS);
    expect(visit).toMatchObject({ status: "access", position: 0, accessLeftMs: LIMITS.accessMs });
    expect((await store.visit("guest:a", T0 + 60_000, LIMITS)).accessLeftMs).toBe(LIMITS.accessMs - 60_000);
  });

  it("lines callers up first in, first out when every open slot is busy, and keeps each one's place", async () => {
    await fill(2);
    expect(await store.visit("guest:a", T0, LIMITS)).toMatchObject({ status: "waiting", position: 1 });
    expect(await store.visit("guest:b", T0 + 1, LIMITS)).toMatchObject({ status: "waiting", position: 2 });
    expect(await store.visit("guest:c", T0 + 2, LIMITS)).toMatchObject({ status: "waiting", position: 3 });
    expect(await store.visit("guest:a", T0 + 3, LIMITS)).toMatchObject({ status: "waiting", position: 1 });
    expect(await store.visit("guest:b", T0 + 4, LIMITS)).toMatchObject({ status: "waiting", position: 2 });
  });

  it("admits the head of the line when a slot frees, before anyone new, and measures the pace", async () => {
    await fill(2);
    await store.visit("guest:a", T0, LIMITS);
    await store.visit("guest:b", T0 + 1, LIMITS);
    await store.visit("guest:c", T0 + 2, LIMITS);
    await store.generationEnded("generation-0");
    // b asks first, but a is ahead: a is admitted, b moves up.
    expect(await store.visit("guest:b", T0 + 30_000, LIMITS)).toMatchObject({
      status: "waiting",
      position: 1,
      pace: { admitted: 1, since: T0 + 30_000 },
    });
    expect(await store.visit("guest:a", T0 + 31_000, LIMITS)).toMatchObject({ status: "access" });
    // Slots count generations: until a generates, the slot stays open and the next visit admits the next
    // head (b); the newcomer joins the end of the line, behind c.
    expect(await store.visit("guest:new", T0 + 32_000, LIMITS)).toMatchObject({
      status: "waiting",
      position: 2,
    });
    expect(await store.visit("guest:b", T0 + 33_000, LIMITS)).toMatchObject({ status: "access" });
    await store.generationStarted("generation-2", T0 + 600_000);
    expect(await store.visit("guest:c", T0 + 34_000, LIMITS)).toMatchObject({
      status: "waiting",
      position: 1,
    });
    expect(await store.visit("guest:new", T0 + 35_000, LIMITS)).toMatchObject({
      status: "waiting",
      position: 2,
    });
  });

  it("frees the slot of a generation whose lease ran out (an instance died mid-reply)", async () => {
    await fill(2, T0 + 1000);
    expect((await store.visit("guest:a", T0, LIMITS)).status).toBe("waiting");
    expect((await store.visit("guest:a", T0 + 1000, LIMITS)).status).toBe("access");
  });

  it("ends access after the access period: a new turn at the end of the line while busy", async () => {
    await store.visit("guest:a", T0, LIMITS);
    await fill(2, T0 + 2 * LIMITS.accessMs);
    await store.visit("guest:b", T0 + 1, LIMITS);
    const later = T0 + LIMITS.accessMs;
    await store.visit("guest:b", later - 1, LIMITS);
    expect(await store.visit("guest:a", later, LIMITS)).toMatchObject({ status: "expired", position: 2 });
    expect((await store.visit("guest:b", later + 1, LIMITS)).position).toBe(1);
    expect(await store.visit("guest:a", later + 2, LIMITS)).toMatchObject({ status: "waiting", position: 2 });
  });

  it("renews access at once when the access period ends with a slot open", async () => {
    await store.visit("guest:a", T0, LIMITS);
    const later = T0 + LIMITS.accessMs;
    expect(await store.visit("guest:a", later, LIMITS)).toMatchObject({
      status: "access",
      accessLeftMs: LIMITS.accessMs,
    });
  });

  it("gives up a place not asked about for the stale period", async () => {
    await fill(2);
    await store.visit("guest:gone", T0, LIMITS);
    await store.visit("guest:here", T0 + 1, LIMITS);
    const later = T0 + LIMITS.staleAfterMs;
    expect(await store.visit("guest:here", later, LIMITS)).toMatchObject({ status: "waiting", position: 1 });
    expect(await store.visit("guest:gone", later + 1, LIMITS)).toMatchObject({
      status: "waiting",
      position: 2,
    });
  });

  it("moves everyone behind a place given up from the middle or the head forward, and joins at the end", async () => {
    await fill(2);
    for (const [i, name] of ["a", "b", "c", "d"].entries())
      await store.visit(`guest:${name}`, T0 + i, LIMITS);
    // Everyone but b keeps asking; b's place goes stale from the middle of the line.
    const later = T0 + LIMITS.staleAfterMs + 10;
    for (const name of ["a", "c", "d"]) await store.visit(`guest:${name}`, later - 5, LIMITS);
    expect((await store.visit("guest:d", later, LIMITS)).position).toBe(3);
    expect((await store.visit("guest:c", later + 1, LIMITS)).position).toBe(2);
    expect(await store.visit("guest:e", later + 2, LIMITS)).toMatchObject({ status: "waiting", position: 4 });
    // A slot frees: the head (a) is admitted at the next visit, whoever makes it, and starts a reply.
    await store.generationEnded("generation-0");
    expect((await store.visit("guest:e", later + 3, LIMITS)).position).toBe(3);
    await store.generationStarted("generation-a", later + 600_000);
    expect((await store.visit("guest:c", later + 4, LIMITS)).position).toBe(1);
    expect((await store.visit("guest:a", later + 5, LIMITS)).status).toBe("access");
    expect(await store.visit("guest:b", later + 6, LIMITS)).toMatchObject({ status: "waiting", position: 4 });
  });

  it("forgets admissions older than the pace window", async () => {
    await fill(2);
    await store.visit("guest:a", T0, LIMITS);
    await store.generationEnded("generation-0");
    expect((await store.visit("guest:a", T0 + 1, LIMITS)).pace.admitted).toBe(1);
    const later = T0 + 1 + LIMITS.paceWindowMs;
    expect((await store.visit("guest:b", later, LIMITS)).pace).toEqual({ admitted: 0, since: null });
  });
});

describe("two instances on one Redis", () => {
  it("agree on every position", async () => {
    await testRedis.client.flushall();
    const other = new Redis(testRedis.url);
    try {
      const [one, two] = [createRedisWaitingRoomStore(testRedis.client), createRedisWaitingRoomStore(other)];
      await one.generationStarted("g1", T0 + 600_000);
      await two.generationStarted("g2", T0 + 600_000);
      const visits = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).visit(`guest:${i}`, T0 + i, LIMITS)),
      );
      expect(visits.map((visit) => visit.position).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      expect((await one.visit("guest:7", T0 + 100, LIMITS)).position).toBe(
        (await two.visit("guest:7", T0 + 101, LIMITS)).position,
      );
    } finally {
      await other.quit();
    }
  });
});
