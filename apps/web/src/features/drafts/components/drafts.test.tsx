import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { makeSession, makeUser, SessionStub } from "../../../test/session-fixtures";
import { saveDraft } from "../lib/draft-storage";
import { DraftsCard } from "./drafts-card";
import { DraftsView } from "./drafts-view";

const user = makeUser({ id: "u1" });
const session = makeSession({ status: "member", user, permissions: user.permissions });

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const draft = (id: string, avatar: string | null) => ({
  id,
  updated_at: "2026-01-01T00:00:00.000Z",
  values: { name: id, avatar_url: avatar },
});

describe("DraftsCard", () => {
  it("links to the drafts page and shows at most 3 draft images", () => {
    stubApi({});
    renderWithProviders(
      <DraftsCard
        drafts={[
          draft("a", "/a.png"),
          draft("b", null),
          draft("c", "/c.png"),
          draft("d", "/d.png"),
          draft("e", "/e.png"),
        ]}
      />,
    );
    expect(screen.getByRole("link", { name: "Drafts (5)" })).toHaveAttribute("href", "/my-chatbots/drafts");
    expect(screen.getAllByTestId("draft-image")).toHaveLength(3);
  });
});

describe("DraftsView", () => {
  it("opens drafts in the create route, fix-required bots in the editor, and deletes a draft after confirming", async () => {
    stubApi({});
    saveDraft(window.localStorage, "u1", "d1", { name: "Half done" });
    renderWithProviders(
      <SessionStub value={session}>
        <DraftsView fixRequired={[{ id: "c9", name: "Needs work", avatar_url: null, label: "Rejected" }]} />
      </SessionStub>,
    );
    const list = screen.getByRole("list", { name: "Drafts" });
    expect(within(list).getByRole("link", { name: "Half done" })).toHaveAttribute(
      "href",
      "/chatbot/create/d1",
    );
    expect(within(list).getByRole("link", { name: "Needs work" })).toHaveAttribute(
      "href",
      "/chatbot/edit/c9",
    );
    expect(within(list).getByText("Rejected: needs a fix")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Delete draft Half done" }));
    fireEvent.click(await screen.findByRole("button", { name: "Delete draft" }));
    expect(screen.queryByRole("link", { name: "Half done" })).toBeNull();
    expect(window.localStorage.getItem("hearth.drafts.u1")).toBeNull();
  });
});
