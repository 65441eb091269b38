import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADMIN_PAGE_SIZE } from "../../../api/admin";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { makeAuditEntry } from "../test/fixtures";
import { AdminAuditPage, changedFields } from "./audit-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const id = (n: number) => `9a9a9a9a-4444-4d4d-8d8d-${String(n).padStart(12, "0")}`;

describe("AdminAuditPage", () => {
  it("shows who did what, when, with what changed, and pages on", async () => {
    const first = Array.from({ length: ADMIN_PAGE_SIZE }, (_, i) => makeAuditEntry({ id: id(i + 1) }));
    const fetchMock = stubApi({
      "/api/admin/audit": (url) =>
        json({
          data: url.searchParams.get("last_id")
            ? [makeAuditEntry({ id: id(999), action: "user.restrict", subject_type: "user" })]
            : first,
        }),
    });
    renderWithProviders(<AdminAuditPage />);
    const log = await screen.findByRole("list", { name: "Audit log" });
    expect(log.children).toHaveLength(ADMIN_PAGE_SIZE);
    expect(screen.getAllByText("character.set_nsfw")[0]).toBeInTheDocument();
    expect(screen.getAllByText("@root")[0]).toBeInTheDocument();
    expect(screen.getAllByText("is_nsfw:")[0]).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("user.restrict")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load more" })).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes(`last_id=${id(ADMIN_PAGE_SIZE)}`))).toBe(
      true,
    );
  });

  it("has an empty state", async () => {
    stubApi({ "/api/admin/audit": () => json({ data: [] }) });
    renderWithProviders(<AdminAuditPage />);
    expect(await screen.findByText("No admin actions yet")).toBeInTheDocument();
  });

  it("lists only the fields an entry changed", () => {
    expect(changedFields(makeAuditEntry())).toEqual(["is_nsfw"]);
    expect(changedFields({ before: null, after: { restriction: "limited_access" } })).toEqual([
      "restriction",
    ]);
  });
});
