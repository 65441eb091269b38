import type { AdminStats } from "@hearth/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { AdminConsolePage, chartsOf } from "./console-page";

const plots = vi.hoisted(() => ({ created: [] as { series: unknown[]; data: number[][] }[] }));

// uPlot draws on a canvas, which jsdom lacks: record what it was asked to draw instead.
vi.mock("uplot", () => ({
  default: class {
    constructor(options: { series: unknown[] }, data: number[][]) {
      plots.created.push({ series: options.series, data });
    }
    setSize() {}
    destroy() {}
  },
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  plots.created.length = 0;
});

function makeStats(revenue: AdminStats["revenue"] = null): AdminStats {
  return {
    days: Array.from({ length: 30 }, (_, i) => ({
      date: `2026-01-${String(i + 1).padStart(2, "0")}`,
      signups: i,
      messages: i * 10,
      active_chats: i * 2,
      open_reports: 3,
      overdue_reports: i > 20 ? 1 : 0,
    })),
    revenue,
  };
}

describe("AdminConsolePage", () => {
  it("draws sign-ups, messages, active chats and reports over 30 days, with the numbers as a table", async () => {
    stubApi({
      "/api/admin/stats": () => json(makeStats()),
      "/api/admin/reviews": () => json({ data: [], open_count: 4, overdue_count: 2 }),
    });
    renderWithProviders(<AdminConsolePage />);
    const figures = await screen.findAllByRole("figure");
    expect(figures.map((f) => within(f).getAllByText(/./)[0]?.textContent)).toEqual([
      "Sign-ups",
      "Messages per day",
      "Active chats",
      "Reports",
    ]);
    await waitFor(() => expect(plots.created).toHaveLength(4));
    expect(plots.created[3]?.data).toHaveLength(3);
    expect(plots.created[0]?.data[0]).toHaveLength(30);
    expect(screen.getByText("435")).toBeInTheDocument(); // sign-ups summed over the 30 days
    await waitFor(() => expect(screen.getByText("Overdue reports").nextSibling).toHaveTextContent("2"));
    const first = figures[0];
    if (!first) throw new Error("no chart");
    fireEvent.click(within(first).getByText("Show the numbers"));
    expect(within(first).getByRole("rowheader", { name: "Jan 30" })).toBeInTheDocument();
  });

  it("adds subscriptions and revenue once billing reports them", () => {
    const { charts } = chartsOf(
      makeStats([{ date: "2026-01-30", active_subscriptions: 5, revenue_cents: 12_345 }]),
    );
    expect(charts.map((c) => c.title)).toEqual([
      "Sign-ups",
      "Messages per day",
      "Active chats",
      "Reports",
      "Active subscriptions",
      "Revenue",
    ]);
    expect(charts[5]?.format?.(12_345)).toBe("$123");
  });

  it("has error and empty states", async () => {
    stubApi({ "/api/admin/stats": () => json({ days: [], revenue: null }) });
    renderWithProviders(<AdminConsolePage />);
    expect(await screen.findByText("No statistics yet")).toBeInTheDocument();
    cleanup();
    stubApi({ "/api/admin/stats": () => json({ error: { code: "internal_error", message: "Down" } }, 500) });
    renderWithProviders(<AdminConsolePage />);
    expect(await screen.findByText("We couldn't load the statistics")).toBeInTheDocument();
  });
});
