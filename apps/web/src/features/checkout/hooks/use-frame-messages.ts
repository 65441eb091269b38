import { type RefObject, useEffect, useRef } from "react";
import type { z } from "zod";

/**
 * Messages that a frame of our own origin posts to this page (the hosted card page, the 3-D Secure page):
 * only from that frame's window and our origin, and only those `schema` accepts; anything else is ignored.
 */
export function useFrameMessages<T>(
  frame: RefObject<HTMLIFrameElement | null>,
  schema: z.ZodType<T>,
  onMessage: (message: T) => void,
  enabled = true,
): void {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => {
    if (!enabled) return;
    function listen(event: MessageEvent) {
      if (event.origin !== window.location.origin) return;
      const source = frame.current?.contentWindow;
      if (!source || event.source !== source) return;
      const parsed = schema.safeParse(event.data);
      if (parsed.success) handler.current(parsed.data);
    }
    window.addEventListener("message", listen);
    return () => window.removeEventListener("message", listen);
  }, [frame, schema, enabled]);
}
