import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useUsernameAvailability } from "./use-username-availability";

function stubAvailability(taken: readonly string[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    const username = url.searchParams.get("username") ?? "";
    return new Response(JSON.stringify({ isAvailable: !taken.includes(username) }), {
      status: 200,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The answer's parsing takes real microtask turns beyond the fake timers; wait for it to land. */
async function settlesTo(read: () => string, expected: string) {
  await act(async () => {
    await vi.waitFor(() => expect(read()).toBe(expected));
  });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe("useUsernameAvailability", () => {
  it("waits 500 ms after the last keystroke and checks only the final value", async () => {
    const fetchMock = stubAvailability(["taken"]);
    const { result, rerender } = renderHook(({ name }) => useUsernameAvailability(name, null), {
      initialProps: { name: "tak" },
    });
    expect(result.current).toBe("checking");
    await advance(300);
    rerender({ name: "take" });
    await advance(300);
    rerender({ name: "taken" });
    await advance(499);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current).toBe("checking");
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain("username=taken");
    await settlesTo(() => result.current, "unavailable");

    rerender({ name: "Free_name" });
    expect(result.current).toBe("checking");
    await advance(500);
    expect(String(fetchMock.mock.calls[1]?.[0])).toContain("username=free_name");
    await settlesTo(() => result.current, "available");
  });

  it("does not check under 3 characters, invalid characters or the user's own name", async () => {
    const fetchMock = stubAvailability([]);
    const { result, rerender } = renderHook(({ name }) => useUsernameAvailability(name, "ada_l"), {
      initialProps: { name: "" },
    });
    expect(result.current).toBe("idle");
    rerender({ name: "ab" });
    expect(result.current).toBe("invalid");
    rerender({ name: "ab cd" });
    expect(result.current).toBe("invalid");
    rerender({ name: "ADA_L" });
    expect(result.current).toBe("idle");
    await advance(2000);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("useUsernameAvailability with the 4-character forms", () => {
  it("calls 3 characters invalid and checks from 4", async () => {
    const fetchMock = stubAvailability([]);
    const { result, rerender } = renderHook(({ name }) => useUsernameAvailability(name, null, 4), {
      initialProps: { name: "abc" },
    });
    expect(result.current).toBe("invalid");
    await advance(600);
    expect(fetchMock).not.toHaveBeenCalled();
    rerender({ name: "abcd" });
    await advance(500);
    await settlesTo(() => result.current, "available");
  });
});
