import { ERROR_MESSAGES, ROLE_PERMISSIONS } from "@hearth/contracts";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WAITING_ROOM_TEXT } from "../features/waiting-room/components/waiting-room-banner";
import { cameThroughSharedLink, rememberSharedLink } from "../lib/shared-link";
import {
  json,
  makePublicCharacter,
  makeQueueAnswer,
  renderWithProviders,
  stubApi,
} from "../test/app-fixtures";
import { makeSession, makeUser, SessionStub } from "../test/session-fixtures";
import { ChatPage } from "./chat-page";

const character = makePublicCharacter();

const guest = makeSession({
  status: "guest",
  user: makeUser({ id: "g1", is_guest: true, role: "guest", permissions: [...ROLE_PERMISSIONS.guest] }),
  permissions: ROLE_PERMISSIONS.guest,
});

function renderChat(route = `/chat/${character.id}`) {
  return renderWithProviders(
    <SessionStub value={guest}>
      <ChatPage />
    </SessionStub>,
    { route, path: "/chat/:characterId/:conversationId?" },
  );
}

function queueUrls(fetchMock: ReturnType<typeof stubApi>): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname === "/api/queue");
}

const box = () => screen.getByRole("textbox", { name: `Message ${character.name}` });
const sendButton = () => screen.getByRole("button", { name: "Send" });

describe("ChatPage and the waiting room", () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(window, "scrollTo").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("locks sending while waiting (writing stays open) and unlocks when access comes", async () => {
    let next = makeQueueAnswer();
    const fetchMock = stubApi({
      [`/api/characters/${character.id}`]: () => json(character),
      "/api/queue": () => json(next),
    });
    const { queryClient } = renderChat(`/chat/${character.id}?ref=share`);

    expect(await screen.findByRole("heading", { name: WAITING_ROOM_TEXT.heading })).toBeInTheDocument();
    expect(screen.getByText("You are number 3 in line, about 5 minutes left.")).toBeInTheDocument();
    // The share link is remembered for the character and sent with the poll.
    expect(cameThroughSharedLink(character.id)).toBe(true);
    expect(queueUrls(fetchMock)[0]?.searchParams.get("character_id")).toBe(character.id);
    expect(queueUrls(fetchMock)[0]?.searchParams.get("shared_link")).toBe("true");

    expect(box()).toBeEnabled();
    fireEvent.change(box(), { target: { value: "Hello there" } });
    expect(box()).toHaveValue("Hello there");
    expect(sendButton()).toBeDisabled();
    expect(sendButton()).toHaveAccessibleDescription(WAITING_ROOM_TEXT.lockReason);
    expect(screen.getByRole("button", { name: "Suggest a message" })).toBeDisabled();
    fireEvent.keyDown(box(), { key: "Enter" });
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith("/api/generate"))).toBe(false);

    next = makeQueueAnswer({ status: "access", position: 0, time_left: 1200 });
    await act(() => queryClient.refetchQueries({ queryKey: ["waiting-room"] }));
    await waitFor(() => expect(sendButton()).toBeEnabled());
    expect(screen.queryByRole("heading", { name: WAITING_ROOM_TEXT.heading })).toBeNull();
    expect(screen.queryByText(WAITING_ROOM_TEXT.lockReason)).toBeNull();
    expect(box()).toHaveValue("Hello there");
  });

  it("leaves the chat open for the bypass character while waiting", async () => {
    stubApi({
      [`/api/characters/${character.id}`]: () => json(character),
      "/api/queue": () => json(makeQueueAnswer({ bypass: character.id })),
    });
    const { queryClient } = renderChat();
    await screen.findByRole("textbox", { name: `Message ${character.name}` });
    await waitFor(() =>
      expect(queryClient.getQueryData(["waiting-room", ["guest", "g1"], character.id, false])).toBeDefined(),
    );
    fireEvent.change(box(), { target: { value: "Hi" } });
    expect(sendButton()).toBeEnabled();
    expect(screen.queryByRole("heading", { name: WAITING_ROOM_TEXT.heading })).toBeNull();
  });

  it("asks the queue again at once when a generation is refused with waiting_room", async () => {
    let next = makeQueueAnswer({ status: "access", position: 0 });
    const bodies: unknown[] = [];
    const fetchMock = stubApi({
      [`/api/characters/${character.id}`]: () => json(character),
      "/api/queue": () => json(next),
      "/api/generate": (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        next = makeQueueAnswer({ position: 5, time_left: null });
        return json({ error: { code: "waiting_room", message: ERROR_MESSAGES.waiting_room } }, 403);
      },
    });
    rememberSharedLink(character.id);
    const { queryClient } = renderChat();
    await waitFor(() => expect(queueUrls(fetchMock)).toHaveLength(1));
    fireEvent.change(box(), { target: { value: "Hello" } });
    await waitFor(() => expect(sendButton()).toBeEnabled());
    fireEvent.click(sendButton());

    expect(await screen.findByText("Not sent: you're in the waiting room")).toBeInTheDocument();
    await waitFor(() => expect(queueUrls(fetchMock)).toHaveLength(2));
    expect(await screen.findByText("You are number 5 in line.")).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ character_id: character.id, message: "Hello", shared_link: true });
    // Not sent: the text is back in the input, which stays open while Send waits.
    expect(box()).toHaveValue("Hello");
    expect(sendButton()).toBeDisabled();

    // The turn comes: the chat unlocks and the refusal, now old news, goes away.
    next = makeQueueAnswer({ status: "access", position: 0 });
    await act(() => queryClient.refetchQueries({ queryKey: ["waiting-room"] }));
    await waitFor(() => expect(sendButton()).toBeEnabled());
    expect(screen.queryByText("Not sent: you're in the waiting room")).toBeNull();
  });
});
