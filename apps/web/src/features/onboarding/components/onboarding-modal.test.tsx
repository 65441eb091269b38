import { type OnboardingState, PROFILE_MESSAGES } from "@hearth/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OnboardingModal } from "./onboarding-modal";

const fresh: OnboardingState = {
  step: "welcome",
  guidelines_accepted: false,
  username: null,
  name: null,
  age_confirmed: false,
  toc_accepted: false,
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** Stubs the onboarding API; `onDone` answers the `done` step. */
function stubOnboarding(saved: OnboardingState, onDone: () => Response) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/users/username-availability") return json({ isAvailable: true });
      if (init?.method === "PUT") {
        const body = JSON.parse(String(init.body)) as { step: string };
        puts.push(body);
        if (body.step === "done") return onDone();
        return json({ ...saved, ...body });
      }
      return json(saved);
    }),
  );
  return puts;
}

function renderModal(onFinished = vi.fn(async () => undefined)) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OnboardingModal brandName="Hearth" onFinished={onFinished} onClose={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onFinished;
}

async function fillWelcome(username = "ada_l") {
  fireEvent.change(await screen.findByLabelText("Username"), { target: { value: username } });
  fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Ada" } });
  fireEvent.click(screen.getByLabelText("I confirm that I am 18 years or older."));
  fireEvent.click(screen.getByRole("checkbox", { name: /I agree to the Terms of Service/ }));
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  await screen.findByRole("dialog", { name: "Community guidelines" });
}

afterEach(() => vi.unstubAllGlobals());

describe("OnboardingModal", () => {
  it("shows every welcome-step message and does not move on", async () => {
    const puts = stubOnboarding(fresh, () => json(fresh));
    renderModal();
    fireEvent.click(await screen.findByRole("button", { name: "Continue" }));
    expect(await screen.findByText(PROFILE_MESSAGES.usernameRequired)).toBeInTheDocument();
    expect(screen.getByText(PROFILE_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText("You must confirm that you are 18 years or older.")).toBeInTheDocument();
    expect(screen.getByText("You must agree with the terms and conditions.")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "a b" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText(PROFILE_MESSAGES.usernameInvalidCharacters)).toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it("resumes at the saved step", async () => {
    stubOnboarding({ ...fresh, step: "guidelines", username: "ada_l", name: "Ada" }, () => json(fresh));
    renderModal();
    expect(await screen.findByRole("dialog", { name: "Community guidelines" })).toBeInTheDocument();
  });

  it("needs the guidelines ticked, then finishes", async () => {
    const puts = stubOnboarding(fresh, () => json({ ...fresh, step: "done" }));
    const onFinished = renderModal();
    await fillWelcome();
    fireEvent.click(screen.getByRole("button", { name: "Finish" }));
    expect(await screen.findByText(PROFILE_MESSAGES.guidelinesRequired)).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText("I have read and agree to the community guidelines."));
    fireEvent.click(screen.getByRole("button", { name: "Finish" }));
    expect(await screen.findByRole("dialog", { name: "You're all set, Ada!" })).toBeInTheDocument();
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(puts).toEqual([
      { step: "guidelines", username: "ada_l", name: "Ada", age_confirmed: true, toc_accepted: true },
      { step: "done", guidelines_accepted: true },
    ]);
  });

  it("goes back to the welcome step when the username was taken", async () => {
    stubOnboarding(fresh, () =>
      json({ error: { code: "username_taken", message: "Username is not available" } }, 409),
    );
    const onFinished = renderModal();
    await fillWelcome();
    fireEvent.click(screen.getByLabelText("I have read and agree to the community guidelines."));
    fireEvent.click(screen.getByRole("button", { name: "Finish" }));
    await screen.findByRole("dialog", { name: "Welcome to Hearth!" });
    await waitFor(() => expect(screen.getByLabelText("Username")).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getByText(PROFILE_MESSAGES.usernameTaken)).toBeInTheDocument();
    expect(onFinished).not.toHaveBeenCalled();
  });

  it("shows other failures in the guidelines step", async () => {
    stubOnboarding(fresh, () =>
      json({ error: { code: "internal_error", message: "Uh oh, something went wrong" } }, 500),
    );
    renderModal();
    await fillWelcome();
    fireEvent.click(screen.getByLabelText("I have read and agree to the community guidelines."));
    fireEvent.click(screen.getByRole("button", { name: "Finish" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Uh oh, something went wrong");
    expect(screen.getByRole("dialog", { name: "Community guidelines" })).toBeInTheDocument();
  });
});
