import { WAITING_ROOM } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { GUEST_AUTH, memberAuth } from "../../policy-fixtures";
import { createMemoryWaitingRoomStore } from "./memory-store";
import { can } from "./policy";
import { createWaitingRoom, estimateSeconds } from "./service";

const NOW = 1_800_000_000_000;
const guest = { auth: GUEST_AUTH, partnerHost: false };

describe("estimateSeconds", () => {
  it("is unknown until the line's pace was measured", () => {
    expect(estimateSeconds(3, { admitted: 0, since: null }, NOW)).toBeNull();
  });
  it("divides the position by the measured pace", () => {
    // 6 admitted in the last 6 minutes: one a minute; third in line: about 3 minutes.
    expect(estimateSeconds(3, { admitted: 6, since: NOW - 360_000 }, NOW)).toBe(180);
  });
  it("measures over at least one poll interval (admissions happen when callers ask)", () => {
    expect(estimateSeconds(1, { admitted: 1, since: NOW }, NOW)).toBe(WAITING_ROOM.retryAfterMs / 1000);
  });
});

describe("waiting room policy", () => {
  it("lets subscribers and partner hosts skip, not free members or guests", () => {
    expect(can({ auth: memberAuth("minimal"), partnerHost: false }, "skip", null)).toBe(true);
    expect(can({ auth: memberAuth("free"), partnerHost: false }, "skip", null)).toBe(false);
    expect(can(guest, "skip", null)).toBe(false);
    expect(can({ ...guest, partnerHost: true }, "skip", null)).toBe(true);
  });
  it("opens the special bot to everyone and a share link's character to visitors without an account", () => {
    const target = { characterId: "c1", sharedLink: false, specialCharacterId: "c1" };
    const member = { auth: memberAuth("free"), partnerHost: false };
    expect(can(member, "chat_while_waiting", target)).toBe(true);
    const shared = { characterId: "c2", sharedLink: true, specialCharacterId: "c1" };
    expect(can(guest, "chat_while_waiting", shared)).toBe(true);
    expect(can(member, "chat_while_waiting", shared)).toBe(false);
    expect(can(guest, "chat_while_waiting", { ...shared, sharedLink: false })).toBe(false);
  });
});

describe("the waiting room with no open slot", () => {
  const room = createWaitingRoom({
    store: createMemoryWaitingRoomStore(),
    slots: 1,
    reservedSlots: 0,
    specialCharacterId: null,
    clock: { now: () => new Date(NOW) },
  });

  it("refuses a generation before the caller's turn, and admits it once the slot is free", async () => {
    const release = await room.occupySlot();
    await expect(room.admit(guest, { characterId: "c1", sharedLink: false })).rejects.toMatchObject({
      statusCode: 403,
      code: "waiting_room",
    });
    expect(await room.state(guest, { characterId: "c1", sharedLink: false })).toMatchObject({
      status: "waiting",
      position: 1,
    });
    await release();
    await expect(room.admit(guest, { characterId: "c1", sharedLink: false })).resolves.toBeUndefined();
  });
});
