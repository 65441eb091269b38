import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  json,
  makeCharacter,
  makePublicCharacter,
  renderWithProviders,
  stubApi,
} from "../../../test/app-fixtures";
import { BotProfile } from "./bot-profile";

const ID = "0b6a4d5e-1111-4a4a-8a8a-000000000001";
const SUGGEST_URL = `/api/characters/${ID}/tag-suggestions`;
const RATE_URL = `/api/characters/${ID}/rating`;
const failure = () => json({ error: { code: "internal_error", message: "x" } }, 500);

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("BotProfile", () => {
  it.each([true, false])("shows identity, stats and the definition the API sent (v2: %s)", (v2) => {
    stubApi({});
    const character = makeCharacter({ persona: "Kind", scenario: "A tavern", dialogue: "Hi there" });
    renderWithProviders(<BotProfile character={character} v2={v2} isCreator={false} signedIn />);
    expect(screen.getByRole("heading", { level: 1, name: "Aria Nightshade" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "@moonwriter" })).toHaveAttribute("href", "/creator/moonwriter");
    expect(screen.getByRole("link", { name: "Chat Now" })).toHaveAttribute("href", `/chat/${ID}`);
    expect(screen.getByText("1.2K")).toBeInTheDocument();
    expect(screen.getByText("92%")).toBeInTheDocument();
    expect(screen.getByText("512")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Personality" })).toBeInTheDocument();
    expect(screen.getByText("A tavern")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Example dialogues" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Report Aria Nightshade" })).toHaveAttribute(
      "href",
      `/report/${ID}`,
    );
  });

  it("shows the rating only from real votes, with how many there are", () => {
    stubApi({});
    renderWithProviders(
      <BotProfile
        character={makePublicCharacter({ rating_score: null, rating_count: 0 })}
        v2
        isCreator={false}
        signedIn
      />,
    );
    expect(screen.getByText("No ratings yet")).toBeInTheDocument();
    expect(screen.queryByText("0%")).toBeNull();
    cleanup();
    renderWithProviders(
      <BotProfile
        character={makePublicCharacter({ rating_score: 0.931, rating_count: 51 })}
        v2
        isCreator={false}
        signedIn
      />,
    );
    expect(screen.getByText("93%").closest("[title]")).toHaveAttribute(
      "title",
      "93% positive from 51 ratings",
    );
  });

  it("leaves out the definition the API withheld", () => {
    stubApi({});
    renderWithProviders(
      <BotProfile character={makePublicCharacter()} v2 isCreator={false} signedIn={false} />,
    );
    expect(screen.getByRole("heading", { name: "Greeting" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Personality" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Scenario" })).toBeNull();
    expect(screen.getByText("The creator keeps this chatbot's definition private.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Suggest tags" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Rate" })).toBeNull();
    expect(screen.queryByRole("link", { name: /^Report / })).toBeNull();
  });

  it("suggests tags: nothing selected, the 12-tag limit, messages vanishing after 3 s, and the request", async () => {
    const fetchMock = stubApi({
      [SUGGEST_URL]: () =>
        json({ id: "s1", tags_to_add: ["pirates"], tags_to_remove: ["t0"], created_at: "2025-01-01" }, 201),
    });
    const character = makeCharacter({ id: ID, tags: Array.from({ length: 12 }, (_, i) => `t${i}`) });
    renderWithProviders(<BotProfile character={character} v2 isCreator={false} signedIn />);
    fireEvent.click(screen.getByRole("button", { name: "Suggest tags" }));

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole("button", { name: "Send suggestions" }));
    expect(screen.getByText("Please select something !")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText("Please select something !")).toBeNull();

    fireEvent.change(screen.getByLabelText("Suggest a new tag"), { target: { value: "pirates" } });
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    expect(screen.getByText("You can keep only 12 tags !")).toBeInTheDocument();
    vi.useRealTimers();

    fireEvent.click(screen.getByRole("button", { name: "Suggest removing tag t0" }));
    fireEvent.change(screen.getByLabelText("Suggest a new tag"), { target: { value: "Pirates" } });
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    fireEvent.click(screen.getByRole("button", { name: "Send suggestions" }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === SUGGEST_URL)).toBe(true));
    const call = fetchMock.mock.calls.find(([url]) => String(url) === SUGGEST_URL);
    expect(call?.[1]?.method).toBe("POST");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ tags_to_add: ["pirates"], tags_to_remove: ["t0"] });
    expect(fetchMock.mock.calls.some(([url]) => String(url) === "/api/event")).toBe(false);
  });

  it("shows 'Suggestions didn't sent !' when sending fails", async () => {
    stubApi({ [SUGGEST_URL]: failure });
    renderWithProviders(<BotProfile character={makeCharacter({ id: ID })} v2 isCreator={false} signedIn />);
    fireEvent.click(screen.getByRole("button", { name: "Suggest tags" }));
    fireEvent.click(screen.getByRole("button", { name: "Suggest removing tag Fantasy" }));
    fireEvent.click(screen.getByRole("button", { name: "Send suggestions" }));
    expect(await screen.findByText("Suggestions didn't sent !")).toBeInTheDocument();
  });

  it("rates: Done needs a changed choice, then sends 1/3/5 and says 'Rating Submitted'", async () => {
    const fetchMock = stubApi({
      [RATE_URL]: () => json({ my_rating: 5, rating_score: 1, num_ratings: 1 }),
    });
    renderWithProviders(
      <BotProfile character={makeCharacter({ id: ID, my_rating: 3 })} v2 isCreator={false} signedIn />,
    );
    fireEvent.click(screen.getByRole("button", { name: "You: Like" }));
    const done = screen.getByRole("button", { name: "Done" });
    expect(done).toBeDisabled();
    fireEvent.click(screen.getByRole("radio", { name: "Love" }));
    expect(done).toBeEnabled();
    fireEvent.click(done);
    expect(await screen.findByText("Rating Submitted")).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url) === RATE_URL);
    expect(call?.[1]?.method).toBe("PUT");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ rating: 5, conversation_length: 0 });
  });

  it("says 'Failed to submit rating' when the rating fails", async () => {
    stubApi({ [RATE_URL]: failure });
    renderWithProviders(<BotProfile character={makeCharacter({ id: ID })} v2 isCreator={false} signedIn />);
    fireEvent.click(screen.getByRole("button", { name: "Rate" }));
    fireEvent.click(screen.getByRole("radio", { name: "Dislike" }));
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect((await screen.findAllByText("Failed to submit rating")).length).toBeGreaterThan(0);
  });
});
