import { ROLE_PERMISSIONS } from "@hearth/contracts";
import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { makeSession, makeUser, SessionStub } from "../../../test/session-fixtures";
import { VoiceButton } from "./voice-button";

const config = { tts: { available: true, engine: "openai" }, stt: { available: false } };
const voices = {
  engine: "openai",
  data: [
    { id: "nova", name: "Nova", gender: "female", engine: "openai", description: "Bright" },
    { id: "onyx", name: "Onyx", gender: "male", engine: "openai", description: "Deep" },
  ],
};

function renderButton(role: "free" | "premium") {
  const user = makeUser({ role, permissions: [...ROLE_PERMISSIONS[role]] });
  const session = makeSession({ status: "member", user, permissions: ROLE_PERMISSIONS[role] });
  return renderWithProviders(
    <SessionStub value={session}>
      <VoiceButton messageId="m1" conversationId="c1" characterName="Aria" />
    </SessionStub>,
  );
}

describe("VoiceButton", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a Free member the voice upgrade prompt, asking the server nothing else", async () => {
    const fetchMock = stubApi({ "/api/voice/config": () => json(config) });
    renderButton("free");
    fireEvent.click(await screen.findByRole("button", { name: "Play voice" }));
    expect(await screen.findByRole("dialog", { name: "Voice needs I'm All In" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See I'm All In" })).toHaveAttribute("href", "/subscribe");
    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://x").pathname);
    expect(paths.every((path) => path === "/api/voice/config")).toBe(true);
  });

  it("opens the voice selection for a premium member without a voice, filtering by gender", async () => {
    stubApi({
      "/api/voice/config": () => json(config),
      "/api/conversations/c1/voice": () => json({ conversation_id: "c1", voice: null, source: null }),
      "/api/voice/voices": (url) =>
        json({
          ...voices,
          data: voices.data.filter(
            (v) => url.searchParams.get("gender") === "all" || v.gender === url.searchParams.get("gender"),
          ),
        }),
    });
    renderButton("premium");
    const play = await screen.findByRole("button", { name: "Play voice" });
    await vi.waitFor(() => expect(play).toBeEnabled());
    fireEvent.click(play);
    expect(await screen.findByRole("dialog", { name: "Choose a voice" })).toBeInTheDocument();
    expect(await screen.findByRole("radio", { name: /Onyx/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("radio", { name: "Female" }));
    expect(await screen.findByRole("radio", { name: /Nova/ })).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole("radio", { name: /Onyx/ })).toBeNull());
  });

  it("is not shown when the server cannot speak", async () => {
    const fetchMock = stubApi({
      "/api/voice/config": () => json({ tts: { available: false, engine: null }, stt: { available: false } }),
    });
    renderButton("premium");
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("button", { name: "Play voice" })).toBeNull();
  });
});
