import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch, setRestrictionHandler } from "./api-client";

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("api client", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setRestrictionHandler(() => undefined);
  });

  it("tells the session when the server refuses a request because the account is now restricted", async () => {
    const handler = vi.fn();
    setRestrictionHandler(handler);
    for (const code of ["account_restricted", "account_limited"]) {
      vi.stubGlobal("fetch", vi.fn().mockResolvedValue(answer(403, { error: { code, message: "No." } })));
      await expect(apiFetch("/personas", { method: "POST", body: {} })).rejects.toMatchObject({ code });
    }
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it("does not for other refusals", async () => {
    const handler = vi.fn();
    setRestrictionHandler(handler);
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(answer(403, { error: { code: "forbidden", message: "No." } })),
    );
    await expect(apiFetch("/characters/x", { method: "DELETE" })).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
  });
});
