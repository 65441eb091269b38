import { type CardFrameMessage, cardFrameMessageSchema } from "@hearth/contracts";
import { useEffect, useRef } from "react";

/**
 * The test processor's hosted card page in an iframe. The page posts `hearth:card` messages to us (same
 * origin) whenever its entry changes: valid with a payment token, or not valid. Messages from anywhere
 * else, or from another frame, are ignored.
 */
export function CardFrame({
  src,
  onChange,
  title = "Card details",
}: {
  src: string;
  onChange: (message: CardFrameMessage) => void;
  title?: string;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin) return;
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const parsed = cardFrameMessageSchema.safeParse(event.data);
      if (parsed.success) latest.current(parsed.data);
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);

  return (
    <iframe
      ref={frame}
      src={src}
      title={title}
      className="block h-52 w-full rounded-xl border border-surface-3 bg-transparent"
    />
  );
}
