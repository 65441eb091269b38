import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeConfig, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { AndroidPage } from "./android-page";
import { DownloadPage } from "./download-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("DownloadPage", () => {
  it("shows the Android and iOS cards", async () => {
    stubApi({}, makeConfig({ branding: { name: "Ember" } }));
    renderWithProviders(<DownloadPage />, { route: "/download" });
    expect(screen.getByRole("heading", { level: 1, name: "Supported apps" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Android" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "iPhone and iPad" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /android/i })).toHaveAttribute("href", "/apps/android");
    expect(screen.getByText("Add to Home Screen")).toBeInTheDocument();
    expect(await screen.findByText(/Take Ember with you/)).toBeInTheDocument();
  });
});

describe("AndroidPage", () => {
  it("lists the installation steps in order", async () => {
    stubApi({}, makeConfig({ branding: { name: "Ember" } }));
    renderWithProviders(<AndroidPage />, { route: "/apps/android" });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Install Ember on Android" }),
    ).toBeInTheDocument();
    const steps = screen.getAllByRole("heading", { level: 2, name: /^Step \d/ }).map((h) => h.textContent);
    expect(steps).toEqual([
      "Step 1: Open the site in Chrome",
      "Step 2: Open the menu",
      "Step 3: Tap “Install app”",
      "Step 4: Confirm and open",
    ]);
    expect(screen.getByRole("link", { name: "All apps" })).toHaveAttribute("href", "/download");
  });
});
