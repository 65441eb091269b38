/** Test helpers shared by the features and pages: fixtures, a stubbed API, providers (tests only). */
import {
  type AppConfig,
  type CharacterCard,
  type OwnCharacter,
  type PublicCharacter,
  type QueueAnswer,
  WAITING_ROOM,
} from "@hearth/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { vi } from "vitest";

/**
 * A character as its creator sees it: every field of every character view, so the API stubs answer it to
 * any of them (lists keep the card's fields) and pages read it as the creator's own.
 */
export function makeCharacter(overrides: Partial<OwnCharacter> = {}): OwnCharacter {
  return {
    id: "0b6a4d5e-1111-4a4a-8a8a-000000000001",
    name: "Aria Nightshade",
    title: "A wandering bard who collects forgotten songs",
    avatar_url: "/avatars/aria.webp",
    avatar_is_nsfw: false,
    creator_user_id: "u1",
    creator_username: "moonwriter",
    tags: ["Fantasy", "Adventure", "Music", "Romance"],
    greeting: "Hello, traveller.",
    visibility: "public",
    definition_visible: true,
    num_messages: 1234,
    num_favorites: 0,
    rating_score: 0.916,
    rating_count: 12,
    token_count: 512,
    language: "en",
    is_nsfw: false,
    lora_status: null,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    is_favorite: false,
    my_rating: null,
    is_creator_blocked: false,
    persona: "",
    scenario: "",
    dialogue: "",
    card_extras: {},
    moderationReport: null,
    reportsType: [],
    tag_suggestions: [],
    ...overrides,
  };
}

/** A character as anyone but its creator sees it, its definition withheld. */
export function makePublicCharacter(overrides: Partial<CharacterCard> = {}): PublicCharacter {
  const { persona: _p, scenario: _s, dialogue: _d, card_extras: _c, ...card } = makeCharacter(overrides);
  const { moderationReport: _m, reportsType: _r, tag_suggestions: _t, ...rest } = card;
  return { ...rest, definition_visible: false };
}

/** A waiting-room answer: third in line with five minutes left, unless overridden. */
export function makeQueueAnswer(overrides: Partial<QueueAnswer> = {}): QueueAnswer {
  return {
    status: "waiting",
    position: 3,
    time_left: 300,
    bypass: null,
    retry_after: WAITING_ROOM.retryAfterMs,
    ...overrides,
  };
}

export function makeConfig(
  overrides: { brand?: AppConfig["brand"]; branding?: Partial<AppConfig["branding"]> } = {},
) {
  const brand = overrides.brand ?? "adult";
  const config: AppConfig = {
    brand,
    branding: {
      name: "Hearth",
      logo_url: "/logo.svg",
      logo_small_url: "/logo-small.svg",
      site_icon_url: "/favicon.svg",
      support_url: "https://support.example.com",
      terms_url: "/terms",
      privacy_url: "/privacy",
      refund_url: "/refund",
      footer_line_html: "",
      default_theme: "dark",
      adult_content: brand === "adult",
      ...overrides.branding,
    },
    partner_mode: false,
    flags: {},
    settings: {},
    version: "test",
  };
  return config;
}

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/**
 * Stubs global fetch: `/api/config` answers `config` unless a handler for it is given; other paths go to
 * `handlers[pathname]`, and unknown paths answer 404.
 */
export function stubApi(handlers: Record<string, Handler>, config: AppConfig = makeConfig()) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, "http://localhost");
    const handler = handlers[url.pathname];
    if (handler) return handler(url, init);
    if (url.pathname === "/api/config") return json(config);
    return json({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders inside a fresh QueryClient (no retries) and a MemoryRouter at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  { route = "/", path = "*" }: { route?: string; path?: string } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route
            path={path}
            element={
              <>
                {ui}
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
