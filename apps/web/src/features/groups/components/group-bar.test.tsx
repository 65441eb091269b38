import type { ConversationGroup } from "@hearth/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import type { GroupChat } from "../hooks/use-group-chat";
import { GroupBar } from "./group-bar";

const CONVERSATION = "0b6a4d5e-1111-4a4a-8a8a-0000000000c1";
const member = (id: string, name: string, position: number, muted = false) => ({
  id,
  name,
  avatar_url: null,
  avatar_is_nsfw: false,
  muted,
  position,
});
const GROUP: ConversationGroup = {
  mode: "manual",
  members: [member("a", "Aria", 0), member("b", "Bram", 1), member("c", "Cleo", 2)],
  former: [],
};

function Harness({
  speak,
  group = GROUP,
  characterId = "a",
}: {
  speak: (id: string) => void;
  group?: ConversationGroup;
  characterId?: string;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const chat: GroupChat = {
    group,
    nextSpeakerId: picked ?? group.members[0]?.id ?? null,
    pickNext: setPicked,
    requestExtras: () => ({}),
    speakerOf: () => null,
  };
  return (
    <GroupBar
      conversationId={CONVERSATION}
      characterId={characterId}
      chat={chat}
      controls={{ speak, busy: false }}
    />
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("GroupBar", () => {
  it("manual mode: who answers is a radio group moved by arrow keys", async () => {
    renderWithProviders(<Harness speak={() => {}} />);
    const group = screen.getByRole("radiogroup", { name: "Who answers next" });
    expect(group).toBeInTheDocument();
    const aria = screen.getByRole("radio", { name: "Aria" });
    expect(aria).toHaveAttribute("aria-checked", "true");
    fireEvent.keyDown(aria, { key: "ArrowRight" });
    expect(screen.getByRole("radio", { name: "Bram" })).toHaveAttribute("aria-checked", "true");
    fireEvent.click(screen.getByRole("radio", { name: "Cleo" }));
    expect(screen.getByRole("radio", { name: "Cleo" })).toHaveAttribute("aria-checked", "true");
  });

  it("Manage group: mute sends the change, speak now asks the chat and closes", async () => {
    const fetchMock = stubApi({
      [`/api/conversations/${CONVERSATION}/group/characters/b`]: (_url, init) => {
        expect(init?.method).toBe("PATCH");
        expect(JSON.parse(String(init?.body))).toEqual({ muted: true });
        return json({
          group: { ...GROUP, members: GROUP.members.map((m) => ({ ...m, muted: m.id === "b" })) },
        });
      },
    });
    const speak = vi.fn();
    renderWithProviders(<Harness speak={speak} group={{ ...GROUP, mode: "natural" }} />);
    expect(screen.queryByRole("radiogroup")).not.toBeInTheDocument();
    expect(screen.getByText(/Group chat · Natural/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: /Manage/ }));
    const dialog = await screen.findByRole("dialog", { name: "Manage group" });
    expect(dialog).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Mute Bram" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByRole("button", { name: "Move Aria up" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Cleo: speak now" }));
    expect(speak).toHaveBeenCalledWith("c");
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Manage group" })).not.toBeInTheDocument(),
    );
  });

  it("moves the chat to the first character's address once the address's character left the group", async () => {
    renderWithProviders(<Harness speak={() => {}} characterId="gone" />, { route: "/chat/gone/x" });
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(`/chat/a/${CONVERSATION}`));
  });
});
