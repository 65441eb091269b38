import type { AdminAd } from "@hearth/contracts";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { AdminAdsPage, adStatus } from "./ads-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ad = (overrides: Partial<AdminAd> = {}): AdminAd => ({
  id: "7b7b7b7b-4444-4d4d-8d8d-000000000001",
  code: "spring",
  text: "Spring sale",
  link_url: "/subscribe",
  image_url: null,
  keywords: ["flower"],
  active: true,
  starts_at: null,
  ends_at: null,
  last_shown_at: null,
  created_at: "2026-03-01T00:00:00.000Z",
  updated_at: "2026-03-01T00:00:00.000Z",
  ...overrides,
});

describe("adStatus", () => {
  it("is Off, Scheduled, Ended or Running", () => {
    const now = Date.parse("2026-03-10T00:00:00Z");
    expect(adStatus(ad({ active: false }), now)).toBe("Off");
    expect(adStatus(ad({ starts_at: "2026-03-11T00:00:00Z" }), now)).toBe("Scheduled");
    expect(adStatus(ad({ ends_at: "2026-03-10T00:00:00Z" }), now)).toBe("Ended");
    expect(adStatus(ad({ starts_at: "2026-03-01T00:00:00Z", ends_at: "2026-04-01T00:00:00Z" }), now)).toBe(
      "Running",
    );
  });
});

describe("AdminAdsPage", () => {
  it("lists the ads and checks a new one before sending it", async () => {
    const posted: unknown[] = [];
    stubApi({
      "/api/admin/ads": (_url, init) => {
        if (init?.method === "POST") {
          posted.push(JSON.parse(String(init.body)));
          return json(ad({ id: "7b7b7b7b-4444-4d4d-8d8d-000000000002", code: "new-one" }), 201);
        }
        return json({ data: [ad()] });
      },
    });
    renderWithProviders(<AdminAdsPage />);
    const list = await screen.findByRole("list", { name: "Ads" }, { timeout: 5000 });
    expect(list).toHaveTextContent("Spring sale");
    expect(list).toHaveTextContent("Running");

    fireEvent.click(screen.getByRole("button", { name: "New ad" }));
    fireEvent.change(screen.getByLabelText("Code"), { target: { value: "new-one" } });
    fireEvent.change(screen.getByLabelText("Text"), { target: { value: "Hello" } });
    fireEvent.change(screen.getByLabelText("Link"), { target: { value: "ftp://example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Create ad" }));
    expect(
      await screen.findByText("Link must be an http(s) address or a path on this site"),
    ).toBeInTheDocument();
    expect(posted).toEqual([]);

    fireEvent.change(screen.getByLabelText("Link"), { target: { value: "https://example.com/x" } });
    fireEvent.change(screen.getByLabelText("Keywords"), { target: { value: "Tea, cake ," } });
    fireEvent.click(screen.getByRole("button", { name: "Create ad" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      code: "new-one",
      link_url: "https://example.com/x",
      keywords: ["Tea", "cake"],
    });
  });
});
