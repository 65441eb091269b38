import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listDrafts } from "../features/drafts/lib/draft-storage";
import { json, makeCharacter, stubApi } from "../test/app-fixtures";
import { makeSession, makeUser, SessionStub } from "../test/session-fixtures";
import { CharacterCreatePage } from "./character-create-page";
import { CharacterEditPage } from "./character-edit-page";

const user = makeUser({ id: "u1" });
const session = makeSession({ status: "member", user, permissions: user.permissions });
const DRAFT = "7d1c5a52-0000-4000-8000-000000000001";

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** The page at its route; any other path renders only the location, so navigations can be checked. */
function renderAt(route: string, path: string, page: ReactElement, as = session) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionStub value={as}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={page} />
            <Route path="*" element={null} />
          </Routes>
          <Location />
        </MemoryRouter>
      </SessionStub>
    </QueryClientProvider>,
  );
}

const renderCreate = (route = `/chatbot/create/${DRAFT}`) =>
  renderAt(route, "/chatbot/create/:draftId?", <CharacterCreatePage />);
const renderEdit = (id: string, as = session) =>
  renderAt(`/chatbot/edit/${id}`, "/chatbot/edit/:characterId", <CharacterEditPage />, as);

const adminUser = makeUser({ id: "admin-1", role: "admin" });
const adminSession = makeSession({ status: "member", user: adminUser, permissions: adminUser.permissions });

describe("create page", () => {
  it("starts a new draft id at /chatbot/create", async () => {
    stubApi({});
    renderCreate("/chatbot/create");
    await waitFor(() =>
      expect(screen.getByTestId("location").textContent).toMatch(/^\/chatbot\/create\/[0-9a-f-]{36}$/),
    );
  });

  it("saves the draft as the creator types and resumes it after a reload", async () => {
    stubApi({});
    const first = renderCreate();
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Half-way Hero" } });
    await waitFor(() => expect(listDrafts(window.localStorage, "u1")).toHaveLength(1), { timeout: 3000 });
    first.unmount();

    renderCreate();
    expect(await screen.findByLabelText("Name")).toHaveValue("Half-way Hero");
    expect(screen.getByText(/Draft resumed/)).toBeInTheDocument();
  });

  it("shows the server's validation message and creates, discards the draft and opens the chat", async () => {
    const fetchMock = stubApi({
      "/api/characters": async (_url, init) =>
        json(makeCharacter({ id: "new-id", ...JSON.parse(String(init?.body)) }), 201),
    });
    renderCreate();
    fireEvent.click(await screen.findByRole("button", { name: "Create chatbot" }));
    expect(await screen.findByText("Name is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");

    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Nova" } });
    fireEvent.click(screen.getByRole("button", { name: "Create chatbot" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/chat/new-id"));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ name: "Nova", visibility: "public" });
    expect(listDrafts(window.localStorage, "u1")).toEqual([]);
  });

  it("limits tags to 12 with the spec's message", async () => {
    stubApi({});
    renderCreate();
    const input = await screen.findByLabelText("Tags");
    fireEvent.change(input, { target: { value: Array.from({ length: 13 }, (_, i) => `t${i}`).join(",") } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(await screen.findByText("You can keep only 12 tags !")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /^Remove tag / })).toHaveLength(12);
  });
});

describe("edit page", () => {
  it("refuses anyone but the creator", async () => {
    const other = makeCharacter({ id: "c-other", creator_user_id: "someone-else" });
    stubApi({ "/api/characters/c-other": () => json(other) });
    renderEdit("c-other");
    expect(
      await screen.findByRole("heading", { name: "You are not allowed to access this page" }),
    ).toBeInTheDocument();
  });

  it("blocks edits while under review and shows the moderation banner", async () => {
    const mine = makeCharacter({
      id: "c-mine",
      creator_user_id: "u1",
      moderationReport: {
        moderation_status: "pending",
        reason_for_moderation: ["Check tags"],
        action_taken_description: null,
      },
    });
    stubApi({ "/api/characters/c-mine": () => json(mine) });
    renderEdit("c-mine");
    expect(await screen.findByText("This chatbot is under review")).toBeInTheDocument();
    expect(screen.getByText("Check tags")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toBeDisabled();
    expect(screen.getByRole("button", { name: "Save changes" })).toBeDisabled();
  });

  it("sends only the changed fields and replaces the entry with the profile", async () => {
    const mine = makeCharacter({
      id: "c-mine",
      creator_user_id: "u1",
      persona: "Calm",
      scenario: "",
      dialogue: "",
    });
    const fetchMock = stubApi({
      "/api/characters/c-mine": (_url, init) =>
        init?.method === "PATCH" ? json({ ...mine, title: "New title" }) : json(mine),
    });
    renderEdit("c-mine");
    fireEvent.change(await screen.findByLabelText("Title"), { target: { value: "New title" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/chatbot/c-mine"));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ title: "New title" });
  });

  it("opens for an admin on another member's chatbot, under review too, and saves the change", async () => {
    const theirs = makeCharacter({
      id: "c-theirs",
      creator_user_id: "someone-else",
      creator_username: "maker",
      persona: "Calm",
      scenario: "",
      dialogue: "",
      moderationReport: {
        moderation_status: "pending",
        reason_for_moderation: [],
        action_taken_description: null,
      },
    });
    const fetchMock = stubApi({
      "/api/characters/c-theirs": (_url, init) =>
        init?.method === "PATCH" ? json({ ...theirs, title: "Fixed by admin" }) : json(theirs),
    });
    renderEdit("c-theirs", adminSession);
    expect(await screen.findByText(/Editing @maker's chatbot as an admin/)).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "You are not allowed to access this page" })).toBeNull();
    const title = screen.getByLabelText("Title");
    expect(title).toBeEnabled();
    fireEvent.change(title, { target: { value: "Fixed by admin" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/chatbot/c-theirs"));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ title: "Fixed by admin" });
  });
});
