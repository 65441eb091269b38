import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { retryTransient } from "./refresh-once";

const noWait = () => Promise.resolve();

describe("retryTransient", () => {
  it("retries offline, rate-limited and server failures, then answers", async () => {
    const fn = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new ApiError(0, "network_error", "offline"))
      .mockRejectedValueOnce(new ApiError(429, "rate_limited", "slow down"))
      .mockRejectedValueOnce(new ApiError(503, "internal_error", "busy"))
      .mockResolvedValueOnce("token");
    await expect(retryTransient(fn, [1, 1, 1], noWait)()).resolves.toBe("token");
    expect(fn).toHaveBeenCalledTimes(4);
  });

  it("gives up after the last delay with the last error", async () => {
    const fn = vi.fn<() => Promise<string>>().mockRejectedValue(new ApiError(503, "internal_error", "busy"));
    await expect(retryTransient(fn, [1, 1], noWait)()).rejects.toThrow("busy");
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it("does not retry when the server refuses the session", async () => {
    const fn = vi
      .fn<() => Promise<string>>()
      .mockRejectedValue(new ApiError(401, "invalid_token", "Your session has expired."));
    await expect(retryTransient(fn, [1, 1], noWait)()).rejects.toThrow("expired");
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
