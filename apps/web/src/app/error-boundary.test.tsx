import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary, isChunkLoadError } from "./error-boundary";

function Boom({ error }: { error: Error }): never {
  throw error;
}

function renderBoundary(error: Error) {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ErrorBoundary>
        <Boom error={error} />
      </ErrorBoundary>
    </QueryClientProvider>,
  );
}

describe("ErrorBoundary", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the generic error screen with reload, go back and copy debug info", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    vi.useFakeTimers();
    renderBoundary(new Error("kaput"));
    expect(screen.getByRole("heading", { name: "Uh oh, something went wrong" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Go back" })).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy debug info" }));
    });
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining("error=kaput"));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining("path=/"));
    expect(screen.getByRole("button", { name: "Copied!" })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole("button", { name: "Copy debug info" })).toBeInTheDocument();
    vi.useRealTimers();
  });

  it("asks to reload when a lazy chunk failed to load", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderBoundary(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"));
    expect(
      screen.getByRole("heading", { name: "A new version of the website is available. Reload..." }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
  });

  it("recognises chunk errors", () => {
    expect(isChunkLoadError(new Error("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("nope"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });
});
