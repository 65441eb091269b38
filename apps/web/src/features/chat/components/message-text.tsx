import { memo } from "react";
import { segmentMessage } from "../lib/message-format";

/** Roleplay text with *actions* in italics and "dialogue" highlighted, rendered as text nodes only. */
export const MessageText = memo(function MessageText({ text }: { text: string }) {
  return (
    <>
      {segmentMessage(text).map((segment, index) => {
        const key = `${index}-${segment.kind}`;
        if (segment.kind === "action") {
          return (
            <em key={key} className="text-text-2 italic">
              {segment.text}
            </em>
          );
        }
        if (segment.kind === "dialogue") {
          return (
            <span key={key} className="font-medium text-brand-200 in-[.light]:text-brand-700">
              {segment.text}
            </span>
          );
        }
        return <span key={key}>{segment.text}</span>;
      })}
    </>
  );
});

/** The three bouncing dots shown while a reply is on its way. */
export function TypingDots({ label }: { label: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex items-center gap-1 py-1 align-middle">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          aria-hidden="true"
          className="h-2 w-2 animate-bounce rounded-full bg-text-3"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}
