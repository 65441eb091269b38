import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch, setAccessToken, setRefreshHandler, setRestrictionHandler } from "./api-client";

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("api client", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    // Setting a handler and taking it back at once leaves none, whatever a test set.
    setRestrictionHandler(() => undefined)();
    setRefreshHandler(async () => null)();
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

  it("stops calling a handler once it is taken back, and taking back an older one keeps the newer", async () => {
    const restricted = { error: { code: "account_restricted", message: "No." } };
    vi.stubGlobal(
      "fetch",
      vi.fn().mockImplementation(async () => answer(403, restricted)),
    );
    const older = vi.fn();
    const unsetOlder = setRestrictionHandler(older);
    const newer = vi.fn();
    const unsetNewer = setRestrictionHandler(newer);
    unsetOlder();
    await expect(apiFetch("/personas")).rejects.toMatchObject({ code: "account_restricted" });
    expect(newer).toHaveBeenCalledTimes(1);
    unsetNewer();
    await expect(apiFetch("/personas")).rejects.toMatchObject({ code: "account_restricted" });
    expect(newer).toHaveBeenCalledTimes(1);
    expect(older).not.toHaveBeenCalled();

    // An expired token is renewed only while a refresh handler is set.
    setAccessToken("expired");
    const fetchMock = vi
      .fn()
      .mockImplementation(async () => answer(401, { error: { code: "invalid_token", message: "Expired." } }));
    vi.stubGlobal("fetch", fetchMock);
    const renew = vi.fn().mockResolvedValue(null);
    const unsetRenew = setRefreshHandler(renew);
    await expect(apiFetch("/me")).rejects.toMatchObject({ status: 401 });
    expect(renew).toHaveBeenCalledTimes(1);
    unsetRenew();
    await expect(apiFetch("/me")).rejects.toMatchObject({ status: 401 });
    expect(renew).toHaveBeenCalledTimes(1);
  });
});
