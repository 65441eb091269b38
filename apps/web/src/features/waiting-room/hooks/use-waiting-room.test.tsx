import { ROLE_PERMISSIONS, WAITING_ROOM } from "@hearth/contracts";
import { notifyManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionValue } from "../../../lib/session";
import { json, makeConfig, makeQueueAnswer, stubApi } from "../../../test/app-fixtures";
import { makeSession, memberWith, SessionStub } from "../../../test/session-fixtures";
import { useWaitingRoom } from "./use-waiting-room";

const CHARACTER = "0b6a4d5e-1111-4a4a-8a8a-000000000001";

function setup(session: SessionValue = makeSession(), sharedLink = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <SessionStub value={session}>{children}</SessionStub>
    </QueryClientProvider>
  );
  return renderHook(() => useWaitingRoom(CHARACTER, { sharedLink }), { wrapper });
}

/**
 * The event loop's own timer: the fake clock moves the polls, while the query's notifications to React
 * (batched on a zero timeout) and the fetches' bodies go on in real time, flushed by `settle`.
 */
const realSetTimeout = globalThis.setTimeout;
const realTick = () => new Promise<void>((resolve) => realSetTimeout(resolve, 0));

/** Lets the pending requests (the config, then the queue) and renders settle without moving the clock. */
async function settle() {
  for (let i = 0; i < 5; i += 1) {
    await act(async () => {
      await realTick();
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await settle();
}

const queueCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([input]) => String(input).startsWith("/api/queue"));

const guest = () => makeSession({ status: "guest", user: null, permissions: ROLE_PERMISSIONS.guest });

describe("useWaitingRoom", () => {
  beforeEach(() => {
    notifyManager.setScheduler((callback) => realSetTimeout(callback, 0));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  });
  afterEach(() => {
    vi.useRealTimers();
    notifyManager.setScheduler((callback) => setTimeout(callback, 0));
    vi.unstubAllGlobals();
  });

  it("asks for the character's place (with the share link) and polls every retry_after ms", async () => {
    const fetchMock = stubApi({ "/api/queue": () => json(makeQueueAnswer({ retry_after: 20_000 })) });
    const { result } = setup(guest(), true);
    await settle();
    expect(queueCalls(fetchMock)).toHaveLength(1);
    const url = new URL(String(queueCalls(fetchMock)[0]?.[0]), "http://localhost");
    expect(url.searchParams.get("character_id")).toBe(CHARACTER);
    expect(url.searchParams.get("shared_link")).toBe("true");
    expect(result.current).toMatchObject({ locked: true, status: "waiting", position: 3, minutesLeft: 5 });

    await advance(19_999);
    expect(queueCalls(fetchMock)).toHaveLength(1);
    await advance(1);
    expect(queueCalls(fetchMock)).toHaveLength(2);
    await advance(20_000);
    expect(queueCalls(fetchMock)).toHaveLength(3);
  });

  it("unlocks by itself when a later poll answers access", async () => {
    let next = makeQueueAnswer();
    stubApi({ "/api/queue": () => json(next) });
    const { result } = setup(guest());
    await settle();
    expect(result.current.locked).toBe(true);
    next = makeQueueAnswer({ status: "access", position: 0, time_left: 1200 });
    await advance(WAITING_ROOM.retryAfterMs);
    expect(result.current).toMatchObject({ locked: false, status: "access", position: 0, minutesLeft: null });
  });

  it("keeps the bypass character unlocked while waiting, and locks any other", async () => {
    stubApi({ "/api/queue": () => json(makeQueueAnswer({ bypass: CHARACTER })) });
    const { result } = setup(guest());
    await settle();
    expect(result.current).toMatchObject({ locked: false, status: "waiting" });
  });

  it("locks when the 20 minutes ran out (expired), back in line", async () => {
    stubApi({ "/api/queue": () => json(makeQueueAnswer({ status: "expired", position: 7, time_left: 59 })) });
    const { result } = setup(guest());
    await settle();
    expect(result.current).toMatchObject({ locked: true, status: "expired", position: 7, minutesLeft: null });
  });

  it("gives an active subscriber access when the queue cannot be asked", async () => {
    const fetchMock = stubApi({
      "/api/queue": () => json({ error: { code: "internal_error", message: "down" } }, 500),
    });
    const { result } = setup(memberWith([...ROLE_PERMISSIONS.minimal]));
    await settle();
    expect(queueCalls(fetchMock)).toHaveLength(1);
    expect(result.current).toMatchObject({ locked: false, status: "access" });
  });

  it("makes anyone else wait when the queue cannot be asked, and asks again every 30 s", async () => {
    let fail = true;
    const fetchMock = stubApi({
      "/api/queue": () =>
        fail
          ? json({ error: { code: "internal_error", message: "down" } }, 500)
          : json(makeQueueAnswer({ status: "access", position: 0 })),
    });
    const { result } = setup(memberWith([...ROLE_PERMISSIONS.free]));
    await settle();
    expect(result.current).toMatchObject({ locked: true, status: "waiting", position: 0 });

    await advance(WAITING_ROOM.retryAfterMs - 1);
    expect(queueCalls(fetchMock)).toHaveLength(1);
    await advance(1);
    expect(queueCalls(fetchMock)).toHaveLength(2);
    expect(result.current.locked).toBe(true);

    fail = false;
    await advance(WAITING_ROOM.retryAfterMs);
    expect(queueCalls(fetchMock)).toHaveLength(3);
    expect(result.current).toMatchObject({ locked: false, status: "access" });
  });

  it("asks again at once on recheck (a generation refused with waiting_room)", async () => {
    let next = makeQueueAnswer({ status: "access", position: 0 });
    const fetchMock = stubApi({ "/api/queue": () => json(next) });
    const { result } = setup(guest());
    await settle();
    expect(result.current.locked).toBe(false);
    next = makeQueueAnswer({ position: 2 });
    act(() => result.current.recheck());
    await settle();
    expect(queueCalls(fetchMock)).toHaveLength(2);
    expect(result.current).toMatchObject({ locked: true, position: 2 });
  });

  it("never polls in partner mode", async () => {
    const config = { ...makeConfig(), partner_mode: true };
    const fetchMock = stubApi({ "/api/queue": () => json(makeQueueAnswer()) }, config);
    const { result } = setup(guest());
    await settle();
    await advance(5 * WAITING_ROOM.retryAfterMs);
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith("/api/config"))).toBe(true);
    expect(queueCalls(fetchMock)).toHaveLength(0);
    expect(result.current).toMatchObject({ locked: false, status: null });
  });
});
