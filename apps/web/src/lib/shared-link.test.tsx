import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { cameThroughSharedLink, isSharedLinkSearch, shareLinkFor, useSharedLinkVisit } from "./shared-link";

const at = (route: string) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>;
  };

describe("share links", () => {
  beforeEach(() => window.sessionStorage.clear());

  it("point to the character's profile, marked ?ref=share", () => {
    expect(shareLinkFor("https://hearth.example", "c1")).toBe("https://hearth.example/chatbot/c1?ref=share");
    expect(isSharedLinkSearch("?ref=share")).toBe(true);
    expect(isSharedLinkSearch("?ref=other")).toBe(false);
    expect(isSharedLinkSearch("")).toBe(false);
  });

  it("are remembered for that character only, for the tab, once a page was opened through one", () => {
    const first = renderHook(() => useSharedLinkVisit("c1"), { wrapper: at("/chatbot/c1?ref=share") });
    expect(first.result.current).toBe(true);
    expect(cameThroughSharedLink("c1")).toBe(true);
    expect(cameThroughSharedLink("c2")).toBe(false);
    // Later, without the mark (the profile's Chat button): still a share-link visit.
    const later = renderHook(() => useSharedLinkVisit("c1"), { wrapper: at("/chat/c1") });
    expect(later.result.current).toBe(true);
    const other = renderHook(() => useSharedLinkVisit("c2"), { wrapper: at("/chat/c2") });
    expect(other.result.current).toBe(false);
  });
});
