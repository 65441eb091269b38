import { useCallback, useState } from "react";

/** How far outside the viewport an element counts as near: about one screen of scrolling. */
const NEAR_MARGIN = "600px 0px";

/**
 * Whether the element has come near the viewport (it stays true after). Images below the fold then load
 * only when scrolled toward, instead of all at once on the first load (Chromium's own `loading="lazy"`
 * fetches anything within a few thousand pixels). Without IntersectionObserver it is near at once.
 */
export function useNearViewport<E extends Element>(): [(element: E | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  const ref = useCallback(
    (element: E | null) => {
      if (!element || near) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setNear(true);
            observer.disconnect();
          }
        },
        { rootMargin: NEAR_MARGIN },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [near],
  );
  return [ref, near];
}
