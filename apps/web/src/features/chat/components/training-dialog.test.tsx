import { TRAINING_TEXTS, type TrainingStatus } from "@hearth/contracts";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { formatWait, TrainingDialog } from "./training-dialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CHARACTER = "0b6a4d5e-1111-4a4a-8a8a-000000000001";

function status(overrides: Partial<TrainingStatus> = {}): TrainingStatus {
  return {
    available: true,
    lora_status: null,
    request: null,
    queue_length: 2,
    requests_left: 4,
    ...overrides,
  };
}

const dialog = () =>
  renderWithProviders(
    <TrainingDialog characterId={CHARACTER} characterName="Aria" open onOpenChange={() => {}} />,
  );

describe("TrainingDialog", () => {
  it("explains training, submits, then shows the place in the queue and the expected wait", async () => {
    let current = status();
    const fetchMock = stubApi({
      "/api/characters/train/status": () => json(current),
      "/api/characters/train": () => {
        current = status({
          lora_status: "pending",
          request: {
            status: "queued",
            position: 3,
            expected_wait_minutes: 30,
            created_at: "2026-01-01T00:00:00Z",
          },
          queue_length: 3,
          requests_left: 3,
        });
        return json({ count: 3 });
      },
    });
    dialog();
    expect(await screen.findByRole("dialog", { name: "Train Aria" })).toHaveTextContent(TRAINING_TEXTS.body);
    expect(await screen.findByText("You can ask for 4 more trainings today (4 a day).")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: TRAINING_TEXTS.submit }));
    expect(await screen.findByText("#3")).toBeInTheDocument();
    expect(screen.getByText("about 30 minutes")).toBeInTheDocument();
    expect(screen.getByText(TRAINING_TEXTS.queued)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: TRAINING_TEXTS.submit })).toBeNull();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ character_id: CHARACTER });
  });

  it("shows an already pending training without a submit button", async () => {
    stubApi({
      "/api/characters/train/status": () =>
        json(
          status({
            lora_status: "pending",
            request: {
              status: "training",
              position: 1,
              expected_wait_minutes: 10,
              created_at: "2026-01-01T00:00:00Z",
            },
          }),
        ),
    });
    dialog();
    expect(await screen.findByText("Training in progress")).toBeInTheDocument();
    expect(screen.getByText("about 10 minutes")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: TRAINING_TEXTS.submit })).toBeNull();
  });

  it("shows the spec's error when the request is refused (5th of the day)", async () => {
    stubApi({
      "/api/characters/train/status": () => json(status({ requests_left: 0 })),
      "/api/characters/train": () =>
        json({ error: { code: "training_limit", message: TRAINING_TEXTS.error } }, 429),
    });
    dialog();
    fireEvent.click(await screen.findByRole("button", { name: TRAINING_TEXTS.submit }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      `${TRAINING_TEXTS.error} ${TRAINING_TEXTS.limit}`,
    );
  });

  it("says when training is not available on this server", async () => {
    stubApi({ "/api/characters/train/status": () => json(status({ available: false })) });
    dialog();
    expect(await screen.findByRole("alert")).toHaveTextContent(TRAINING_TEXTS.unavailable);
    expect(screen.queryByRole("button", { name: TRAINING_TEXTS.submit })).toBeNull();
  });

  it("has an error state for the status, with a retry", async () => {
    let fail = true;
    stubApi({
      "/api/characters/train/status": () =>
        fail
          ? json({ error: { code: "internal_error", message: "x" } }, 500)
          : json(status({ lora_status: "ready" })),
    });
    dialog();
    expect(await screen.findByText("Could not load this character's training status.")).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByText(TRAINING_TEXTS.ready)).toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Train again" })).toBeInTheDocument();
  });

  it("formats waits in minutes, hours and days", () => {
    expect(formatWait(10)).toBe("about 10 minutes");
    expect(formatWait(120)).toBe("about 2 hours");
    expect(formatWait(60 * 24 * 3)).toBe("about 3 days");
  });
});
