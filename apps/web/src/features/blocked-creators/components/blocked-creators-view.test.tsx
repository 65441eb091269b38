import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { makeSession, makeUser, SessionStub } from "../../../test/session-fixtures";
import { BlockedCreatorsView } from "./blocked-creators-view";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = makeUser();
const member = makeSession({ status: "member", user, permissions: user.permissions });

describe("BlockedCreatorsView", () => {
  it("tells signed-out visitors they are not logged in", () => {
    stubApi({});
    renderWithProviders(
      <SessionStub value={makeSession()}>
        <BlockedCreatorsView />
      </SessionStub>,
    );
    expect(screen.getByText("You are not logged in yet!")).toBeInTheDocument();
  });

  it("lists blocked creators, unblocks one and then shows the empty message", async () => {
    let blocked = [{ id: "9f0b7a4e-0000-4000-8000-000000000002", username: "lunawrites" }];
    const fetchMock = stubApi({
      "/api/users/blocked-creators": () => json({ data: blocked }),
      "/api/users/blocked-creators/9f0b7a4e-0000-4000-8000-000000000002": () => {
        blocked = [];
        return new Response(null, { status: 204 });
      },
    });
    renderWithProviders(
      <SessionStub value={member}>
        <BlockedCreatorsView />
      </SessionStub>,
    );
    expect(await screen.findByRole("link", { name: "@lunawrites" })).toHaveAttribute(
      "href",
      "/creator/lunawrites",
    );
    fireEvent.click(screen.getByRole("button", { name: "Unblock @lunawrites" }));
    expect(await screen.findByText("Not blocked any creator yet!")).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(true),
    );
  });
});
