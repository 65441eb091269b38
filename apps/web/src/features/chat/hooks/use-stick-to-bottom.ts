import { type RefObject, useEffect } from "react";

/** Within this distance (px) of the end of the page, growth keeps the view at the end. */
const STICK_TO_BOTTOM_PX = 120;

function scroller(): HTMLElement {
  return document.scrollingElement instanceof HTMLElement
    ? document.scrollingElement
    : document.documentElement;
}

/**
 * Keeps the page at its end while the reader is there and the observed elements grow: a reply streaming
 * in, an error bar or a longer message in the input bar at the bottom. A reader who scrolled up stays put.
 */
export function useStickToBottom(targets: readonly RefObject<HTMLElement | null>[]): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are read once, when the elements exist
  useEffect(() => {
    if (typeof ResizeObserver === "undefined") return;
    let atBottom = true;
    const measure = () => {
      const el = scroller();
      atBottom = el.scrollHeight - el.scrollTop - window.innerHeight < STICK_TO_BOTTOM_PX;
    };
    const observer = new ResizeObserver(() => {
      if (!atBottom) return;
      const el = scroller();
      el.scrollTop = el.scrollHeight;
    });
    for (const target of targets) if (target.current) observer.observe(target.current);
    window.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener("scroll", measure);
    };
  }, []);
}
