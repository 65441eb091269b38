import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { DOWNLOAD_TEXT, DownloadMyData } from "./download-data";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("DownloadMyData", () => {
  it("downloads the archive under the server's file name and says so", async () => {
    stubApi({
      "/api/account/export": () =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: {
            "Content-Type": "application/zip",
            "Content-Disposition": 'attachment; filename="hearth-data-ada-2025-01-01.zip"',
          },
        }),
    });
    // jsdom has no object URLs: a stand-in for the test, put back after it.
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    const createObjectURL = vi.fn(() => "blob:archive");
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderWithProviders(<DownloadMyData />);
    expect(screen.getByRole("region", { name: DOWNLOAD_TEXT.title })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: DOWNLOAD_TEXT.button }));
    expect(await screen.findByText(DOWNLOAD_TEXT.done)).toBeTruthy();
    expect(names).toEqual(["hearth-data-ada-2025-01-01.zip"]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it("explains the hourly limit", async () => {
    stubApi({
      "/api/account/export": () =>
        json({ error: { code: "rate_limited", message: "Too many requests" } }, 429),
    });
    renderWithProviders(<DownloadMyData />);
    fireEvent.click(screen.getByRole("button", { name: DOWNLOAD_TEXT.button }));
    expect((await screen.findByRole("alert")).textContent).toContain(DOWNLOAD_TEXT.rateLimited);
  });
});
