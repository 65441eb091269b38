import type { ChatLorebooks, PromptReportResponse } from "@hearth/contracts";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { ChatLorebooksDialog } from "./chat-lorebooks-dialog";
import { PromptInspectorDialog, reasonText } from "./prompt-inspector-dialog";

afterEach(() => vi.unstubAllGlobals());

const CONVERSATION = "11111111-1111-4111-8111-111111111111";
const BOOK = "22222222-2222-4222-8222-222222222222";
const CHARACTER = "33333333-3333-4333-8333-333333333333";

const REPORT: PromptReportResponse = {
  message_id: "m1",
  report: {
    fired: [
      {
        source_kind: "character",
        source_id: CHARACTER,
        book_name: "Moon lore",
        entry_id: "0",
        entry_name: "Moonfall",
        position: "before_char",
        tokens: 12,
        reason: { kind: "key", key: "Moonfall", secondary: [] },
      },
      {
        source_kind: "character",
        source_id: CHARACTER,
        book_name: "Veiled lore",
        entry_id: "1",
        entry_name: "Secret",
        position: "before_char",
        tokens: 5,
        reason: { kind: "hidden" },
      },
      {
        source_kind: "conversation",
        source_id: BOOK,
        book_name: "Chat notes",
        entry_id: "2",
        entry_name: "Tower",
        position: "at_depth",
        tokens: 7,
        reason: { kind: "recursive", key: "tower", via: "Moonfall" },
      },
    ],
    skipped: [{ source_id: BOOK, entry_id: "3", entry_name: "Gate", why: "budget" }],
    parts: [
      { part: "instructions", tokens: 90 },
      { part: "lore_before", tokens: 17 },
      { part: "memories", tokens: 0 },
    ],
  },
};

describe("prompt inspector", () => {
  it("says why each entry fired, what was left out and the tokens per part", async () => {
    stubApi({ [`/api/conversations/${CONVERSATION}/prompt-report`]: () => json(REPORT) });
    renderWithProviders(
      <PromptInspectorDialog conversationId={CONVERSATION} open onClose={() => undefined} />,
    );
    const used = await screen.findByRole("list", { name: "Entries used" });
    const items = within(used).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("Key “Moonfall” matched"),
      expect.stringContaining("the character's definition is hidden"),
      expect.stringContaining("Key “tower” found in entry Moonfall"),
    ]);
    expect(screen.getByText(/Gate: over the book's token budget/)).toBeInTheDocument();
    expect(screen.getByText("Lore before the character")).toBeInTheDocument();
    expect(screen.queryByText("Memories")).not.toBeInTheDocument();
    expect(screen.getByText("Tokens per part (107 in all)")).toBeInTheDocument();
  });

  it("explains when no reply has a report yet", async () => {
    stubApi({
      [`/api/conversations/${CONVERSATION}/prompt-report`]: () => json({ message_id: null, report: null }),
    });
    renderWithProviders(
      <PromptInspectorDialog conversationId={CONVERSATION} open onClose={() => undefined} />,
    );
    expect(await screen.findByText(/No reply has a prompt report yet/)).toBeInTheDocument();
  });

  it("words each reason", () => {
    expect(reasonText({ kind: "constant" })).toBe("Constant: always in");
    expect(reasonText({ kind: "key", key: "a", secondary: ["b", "c"] })).toBe("Key “a” with “b”, “c”");
  });
});

describe("chat lorebooks", () => {
  it("lists the character's book and the member's books and switches one", async () => {
    const books: ChatLorebooks = {
      character_books: [
        { character_id: CHARACTER, character_name: "Luna", name: "Moon lore", entry_count: 1, enabled: true },
      ],
      books: [{ id: BOOK, name: "Chat notes", entry_count: 2, attached: "chat", enabled: true }],
    };
    const fetchMock = stubApi({
      [`/api/conversations/${CONVERSATION}/lorebooks`]: () => json(books),
      "/api/lorebooks": () => json({ data: [] }),
      [`/api/conversations/${CONVERSATION}/lorebooks/${BOOK}`]: () =>
        json({ ...books, books: [{ ...books.books[0], enabled: false }] }),
    });
    renderWithProviders(<ChatLorebooksDialog conversationId={CONVERSATION} open onClose={() => undefined} />);
    const moon = await screen.findByRole("switch", { name: "Moon lore" });
    expect(moon).toHaveAttribute("aria-checked", "true");
    expect(screen.getByText("Luna's book · 1 entry")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("switch", { name: "Chat notes" }));
    expect(await screen.findByRole("switch", { name: "Chat notes", checked: false })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/conversations/${CONVERSATION}/lorebooks/${BOOK}`,
      expect.objectContaining({ method: "PUT", body: JSON.stringify({ enabled: false }) }),
    );
  });
});
