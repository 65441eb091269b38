import { VOICE_MESSAGES } from "@hearth/contracts";
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { SpeechInputButton } from "./speech-input-button";

const config = (stt: boolean) => ({ tts: { available: false, engine: null }, stt: { available: stt } });

/** A stand-in for the browser's speech recognition: the test says what it heard or how it failed. */
class FakeRecognition {
  static last: FakeRecognition | null = null;
  lang = "";
  interimResults = true;
  continuous = true;
  onresult: ((event: { results: unknown }) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  start() {
    FakeRecognition.last = this;
  }
  stop() {
    this.onend?.();
  }
  abort() {}
  hear(text: string) {
    const result = Object.assign([{ transcript: text }], { isFinal: true });
    this.onresult?.({ results: [result] });
    this.onend?.();
  }
}

describe("SpeechInputButton", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeRecognition.last = null;
  });

  it("listens with the browser's recognition, shows it listens and hands over what it heard", async () => {
    vi.stubGlobal("webkitSpeechRecognition", FakeRecognition);
    stubApi({ "/api/voice/config": () => json(config(false)) });
    const onText = vi.fn();
    renderWithProviders(<SpeechInputButton onText={onText} disabled={false} />);
    fireEvent.click(screen.getByRole("button", { name: "Speak your message" }));
    const stop = await screen.findByRole("button", { name: "Stop listening" });
    expect(stop).toHaveAttribute("aria-pressed", "true");
    act(() => FakeRecognition.last?.hear("hello there"));
    expect(onText).toHaveBeenCalledWith("hello there");
    expect(await screen.findByRole("button", { name: "Speak your message" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  it("shows the microphone permission modal when the browser may not use the microphone", async () => {
    vi.stubGlobal("webkitSpeechRecognition", FakeRecognition);
    stubApi({ "/api/voice/config": () => json(config(false)) });
    renderWithProviders(<SpeechInputButton onText={vi.fn()} disabled={false} />);
    fireEvent.click(screen.getByRole("button", { name: "Speak your message" }));
    await screen.findByRole("button", { name: "Stop listening" });
    act(() => {
      FakeRecognition.last?.onerror?.({ error: "not-allowed" });
      FakeRecognition.last?.onend?.();
    });
    expect(await screen.findByRole("dialog", { name: VOICE_MESSAGES.microphoneTitle })).toBeInTheDocument();
  });

  it("records and has the server transcribe it where the browser has no recognition", async () => {
    const track = { stop: vi.fn() };
    class FakeRecorder {
      static last: FakeRecorder | null = null;
      state = "inactive";
      mimeType = "audio/webm";
      ondataavailable: ((event: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      constructor() {
        FakeRecorder.last = this;
      }
      start() {
        this.state = "recording";
      }
      stop() {
        this.state = "inactive";
        this.ondataavailable?.({ data: new Blob(["spoken bytes"], { type: "audio/webm" }) });
        this.onstop?.();
      }
    }
    vi.stubGlobal("MediaRecorder", FakeRecorder);
    vi.stubGlobal("navigator", {
      ...navigator,
      language: "en-US",
      mediaDevices: { getUserMedia: async () => ({ getTracks: () => [track] }) },
    });
    const fetchMock = stubApi({
      "/api/voice/config": () => json(config(true)),
      "/api/voice/transcriptions": () => json({ text: "from the server" }),
    });
    const onText = vi.fn();
    renderWithProviders(<SpeechInputButton onText={onText} disabled={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Speak your message" }));
    fireEvent.click(await screen.findByRole("button", { name: "Stop listening" }));
    await vi.waitFor(() => expect(onText).toHaveBeenCalledWith("from the server"));
    expect(track.stop).toHaveBeenCalled();
    const upload = fetchMock.mock.calls.find(([input]) => String(input).includes("/voice/transcriptions"));
    const body = upload?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get("file")).toBeInstanceOf(Blob);
  });

  it("is not shown without the browser's recognition or a transcription server", async () => {
    const fetchMock = stubApi({ "/api/voice/config": () => json(config(false)) });
    renderWithProviders(<SpeechInputButton onText={vi.fn()} disabled={false} />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole("button", { name: "Speak your message" })).toBeNull();
  });
});
