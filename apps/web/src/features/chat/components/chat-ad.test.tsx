import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { AdCard } from "./chat-ad";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ad = {
  id: "7b7b7b7b-4444-4d4d-8d8d-000000000001",
  code: "spring",
  text: "Spring sale on every plan",
  link_url: "https://example.com/spring",
  image_url: null,
};
const messageId = "7b7b7b7b-4444-4d4d-8d8d-0000000000aa";

describe("AdCard", () => {
  it("is labelled Sponsored and logs its view and click with ad_id, code, message_id and content", async () => {
    const events: { event_name: string; payload: unknown }[] = [];
    stubApi({
      "/api/event": (_url, init) => {
        events.push(JSON.parse(String(init?.body)));
        return json({ id: "1" }, 201);
      },
    });
    renderWithProviders(<AdCard ad={ad} messageId={messageId} />);
    const card = screen.getByRole("complementary", { name: "Sponsored" });
    expect(card).toHaveTextContent("Spring sale on every plan");
    const payload = { ad_id: ad.id, code: "spring", message_id: messageId, content: ad.text };
    await waitFor(() => expect(events).toEqual([{ event_name: "ad_view", payload }]));

    const link = screen.getByRole("link", { name: "Learn more" });
    expect(link).toHaveAttribute("href", "https://example.com/spring");
    expect(link.getAttribute("rel")).toContain("sponsored");
    fireEvent.click(link);
    await waitFor(() => expect(events.at(-1)).toEqual({ event_name: "ad_click", payload }));
  });
});
