import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { setAccessToken } from "../lib/api-client";

// Vitest runs without globals, so Testing Library cannot register its automatic cleanup. The web project
// shares one page and one module graph per worker across files (vitest.config.ts), so what a test leaves
// there goes too: nodes it added itself, storage, the address, timers, stubbed globals, spies, the token.
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  document.body.removeAttribute("style");
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, "", "/");
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setAccessToken(null);
});
