import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCountdown } from "./use-countdown";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("useCountdown", () => {
  it("ticks once a second from the start value down to zero and stops", () => {
    const { result } = renderHook(() => useCountdown(3, true));
    expect(result.current).toBe(3);
    act(() => vi.advanceTimersByTime(999));
    expect(result.current).toBe(3);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(2);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("waits while not running and restarts from the start value", () => {
    const { result, rerender } = renderHook(({ running }) => useCountdown(2, running), {
      initialProps: { running: false },
    });
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(2);
    rerender({ running: true });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(1);
    rerender({ running: false });
    expect(result.current).toBe(2);
    rerender({ running: true });
    expect(result.current).toBe(2);
  });
});
