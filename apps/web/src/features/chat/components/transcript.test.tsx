import type { Message } from "@hearth/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useChatStore } from "../hooks/use-chat-store";
import type { ChatState } from "../lib/chat-state";
import { CUTOFF_NOTICE, type MessageActions } from "./message-item";
import { Transcript } from "./transcript";

function message(i: number): Message {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    conversation_id: "c",
    role: i % 2 === 0 ? "bot" : "user",
    content: `Message number ${i} <b>not bold</b>`,
    status: "complete",
    createdAt: "2026-01-01T00:00:00.000Z",
    alternates: [],
    alternate_index: 0,
    rating: null,
    rating_label: null,
    image_url: null,
    image_prompt: null,
    persona_name: i === 1 ? "Ada" : null,
  };
}

function state(messages: Message[], extra: Partial<ChatState> = {}): ChatState {
  return {
    conversationId: "c",
    label: null,
    persona: null,
    messages,
    hasMoreBefore: false,
    olderStatus: "idle",
    hasMoreAfter: false,
    newerStatus: "idle",
    before: 0,
    messageCount: messages.length,
    oldestIncludedId: null,
    turn: null,
    failure: null,
    unsentId: null,
    retry: null,
    behind: false,
    ...extra,
  };
}

const actions: MessageActions = {
  copy: vi.fn(async () => true),
  edit: vi.fn(async () => true),
  rate: vi.fn(async () => true),
  report: vi.fn(),
  showAlternate: vi.fn(),
  regenerate: vi.fn(),
  continueReply: vi.fn(),
  selectForRemoval: vi.fn(),
};

function Harness({ initial, onLoadOlder }: { initial: ChatState; onLoadOlder: () => void }) {
  const store = useChatStore(() => initial);
  return (
    <Transcript
      store={store}
      characterName="Luna"
      characterAvatar={null}
      userName="Captain Vega"
      canRate
      canEdit
      removal={{ active: false, fromId: null }}
      actions={actions}
      onLoadOlder={onLoadOlder}
    />
  );
}

function renderTranscript(initial: ChatState, onLoadOlder = vi.fn()) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <Harness initial={initial} onLoadOlder={onLoadOlder} />
    </QueryClientProvider>,
  );
}

/** jsdom lays nothing out: give each message row a height, as a browser would. */
const ROW_PX = 120;

describe("Transcript", () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
      const height = this.dataset.index === undefined ? 0 : ROW_PX;
      return DOMRect.fromRect({ x: 0, y: 0, width: 800, height });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  // jsdom cannot scroll, so the long-chat case (5,000 messages, scrolled through) is an e2e test
  // (e2e/chat-long.spec.ts); here a list longer than the screen renders only part of itself.
  it("renders only the messages near the screen, as a log", () => {
    const messages = Array.from({ length: 100 }, (_, i) => message(i));
    const { container } = renderTranscript(state(messages));
    expect(screen.getByRole("log", { name: "Conversation" })).toBeInTheDocument();
    const rendered = container.querySelectorAll(".chat-message").length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(60);
  });

  it("offers the earlier messages when the server has more", () => {
    const onLoadOlder = vi.fn();
    renderTranscript(
      state([message(10), message(11)], { hasMoreBefore: true, messageCount: 12 }),
      onLoadOlder,
    );
    fireEvent.click(screen.getByRole("button", { name: "Show earlier messages" }));
    expect(onLoadOlder).toHaveBeenCalled();
  });

  it("shows markup as text, the cut-off notice, and each message under the name it was written as", () => {
    const messages = Array.from({ length: 4 }, (_, i) => message(i));
    const { container } = renderTranscript(state(messages, { oldestIncludedId: messages[2]?.id ?? null }));
    expect(container.querySelector("b")).toBeNull();
    expect(screen.getAllByText(/<b>not bold<\/b>/)).toHaveLength(4);
    const third = container.querySelector(`[data-message-id="${messages[2]?.id}"]`);
    expect(third?.contains(screen.getByText(CUTOFF_NOTICE))).toBe(true);
    // Message 1 was written as Ada; message 3 has no name kept and shows the current persona.
    expect(screen.getByRole("article", { name: "Ada said" })).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Captain Vega said" })).toBeInTheDocument();
  });

  it("offers alternates and regenerate on every reply but the greeting, continue on the last only", () => {
    const messages = [
      message(0),
      message(1),
      { ...message(2), alternates: ["a", "b", "c"], alternate_index: 0 },
      message(3),
      { ...message(4), alternates: ["a", "b"], alternate_index: 1 },
    ];
    renderTranscript(state(messages));
    expect(screen.getByText("1/3")).toBeInTheDocument();
    expect(screen.getByText("2/2")).toBeInTheDocument();
    const regenerate = screen.getAllByRole("button", { name: "Regenerate reply" });
    expect(regenerate).toHaveLength(2);
    expect(screen.getAllByRole("button", { name: "Continue reply" })).toHaveLength(1);
    fireEvent.click(screen.getAllByRole("button", { name: "Next reply" })[0] as HTMLElement);
    expect(actions.showAlternate).toHaveBeenCalledWith(messages[2]?.id, 1);
    fireEvent.click(screen.getAllByRole("button", { name: "Previous reply" })[1] as HTMLElement);
    expect(actions.showAlternate).toHaveBeenCalledWith(messages[4]?.id, 0);
    fireEvent.click(regenerate[0] as HTMLElement);
    expect(actions.regenerate).toHaveBeenCalledWith(messages[2]?.id);
  });

  it("offers the later messages and the newest when the end is not loaded", () => {
    const onLoadNewer = vi.fn();
    const onJumpToNewest = vi.fn(async () => {});
    const client = new QueryClient();
    function Later() {
      const store = useChatStore(() =>
        state([message(10), message(11)], { hasMoreAfter: true, before: 10, messageCount: 500 }),
      );
      return (
        <Transcript
          store={store}
          characterName="Luna"
          characterAvatar={null}
          userName="Ada"
          canRate
          canEdit
          removal={{ active: false, fromId: null }}
          actions={actions}
          onLoadOlder={vi.fn()}
          onLoadNewer={onLoadNewer}
          onJumpToNewest={onJumpToNewest}
        />
      );
    }
    render(
      <QueryClientProvider client={client}>
        <Later />
      </QueryClientProvider>,
    );
    onLoadNewer.mockClear();
    fireEvent.click(screen.getByRole("button", { name: "Show later messages" }));
    expect(onLoadNewer).toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Jump to newest" }));
    expect(onJumpToNewest).toHaveBeenCalled();
    // Positions count the messages before the loaded ones: message 11 is the conversation's 12th.
    expect(screen.getAllByRole("button", { name: "Regenerate reply" })).toHaveLength(1);
  });

  it("shows the reply being written below the messages", () => {
    renderTranscript(
      state([message(0), message(1)], {
        turn: { mode: "reply", targetId: null, text: "Thinking of", localId: null },
      }),
    );
    expect(screen.getByTestId("streaming-reply")).toHaveTextContent("Thinking of");
  });
});
