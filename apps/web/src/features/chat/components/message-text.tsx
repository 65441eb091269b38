import { type ComponentPropsWithoutRef, memo } from "react";
import Markdown, { type Components, type ExtraProps } from "react-markdown";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";
import { cn } from "../../../components/ui/cn";
import { splitMarkdownBlocks } from "../lib/markdown-blocks";
import { DIALOGUE_CLASS, rehypeDialogue } from "../lib/rehype-dialogue";
import { safeLinkUrl } from "../lib/safe-url";

type Props<Tag extends "a" | "img"> = ComponentPropsWithoutRef<Tag> & ExtraProps;

/** A link from a message: only http(s) and mailto, in a new tab, never passing the page on. */
function MessageLink({ href, children }: Props<"a">) {
  if (!href) return <span>{children}</span>;
  const inPage = href.startsWith("#");
  return (
    <a
      href={href}
      className="font-medium underline decoration-1 underline-offset-2 hover:decoration-2"
      {...(inPage ? {} : { target: "_blank", rel: "noopener noreferrer nofollow ugc" })}
    >
      {children}
    </a>
  );
}

/** A picture in a message is never loaded (no tracking, no content from elsewhere): a link stands in. */
function MessageImage({ src, alt }: Props<"img">) {
  const label = alt ? `[image: ${alt}]` : "[image]";
  const href = typeof src === "string" ? safeLinkUrl(src) : "";
  return href ? <MessageLink href={href}>{label}</MessageLink> : <span>{label}</span>;
}

const heading = "mt-3 mb-1 font-bold leading-snug first:mt-0";

/**
 * How each Markdown element looks in a bubble. Headings keep their size but not their rank (a message's
 * heading is not a heading of the page). The member's own bubble is brand-coloured: its actions and
 * dialogue stay white for contrast (the `.chat-bubble-user &` rules outrank the theme's `.light &` ones).
 */
const components: Components = {
  p: ({ children }) => <p className="my-2 first:mt-0 last:mb-0">{children}</p>,
  em: ({ children }) => <em className="text-text-2 italic [.chat-bubble-user_&]:text-white">{children}</em>,
  strong: ({ children }) => <strong className="font-bold">{children}</strong>,
  del: ({ children }) => <del className="opacity-80">{children}</del>,
  a: MessageLink,
  img: MessageImage,
  h1: ({ children }) => <p className={cn(heading, "text-xl")}>{children}</p>,
  h2: ({ children }) => <p className={cn(heading, "text-lg")}>{children}</p>,
  h3: ({ children }) => <p className={cn(heading, "text-base")}>{children}</p>,
  h4: ({ children }) => <p className={heading}>{children}</p>,
  h5: ({ children }) => <p className={heading}>{children}</p>,
  h6: ({ children }) => <p className={heading}>{children}</p>,
  ul: ({ children, className }) => (
    <ul className={cn("my-2 list-disc space-y-1 pl-5 first:mt-0 last:mb-0", className)}>{children}</ul>
  ),
  ol: ({ children, start }) => (
    <ol start={start} className="my-2 list-decimal space-y-1 pl-5 first:mt-0 last:mb-0">
      {children}
    </ol>
  ),
  li: ({ children, className }) => <li className={cn("pl-0.5", className)}>{children}</li>,
  blockquote: ({ children }) => (
    <blockquote className="my-2 border-l-2 border-current/40 pl-3 opacity-90 first:mt-0 last:mb-0">
      {children}
    </blockquote>
  ),
  pre: ({ children }) => (
    <pre className="my-2 overflow-x-auto rounded-xl bg-black/30 p-3 font-mono text-[13px] leading-snug whitespace-pre first:mt-0 last:mb-0 in-[.light]:bg-black/5 [&_code]:bg-transparent [&_code]:p-0">
      {children}
    </pre>
  ),
  code: ({ children }) => (
    <code className="rounded-md bg-black/25 px-1.5 py-0.5 font-mono text-[0.9em] in-[.light]:bg-black/5">
      {children}
    </code>
  ),
  hr: () => <hr className="my-3 border-current/20" />,
  table: ({ children }) => (
    <div className="my-2 overflow-x-auto first:mt-0 last:mb-0">
      <table className="border-collapse text-sm">{children}</table>
    </div>
  ),
  th: ({ children, style }) => (
    <th style={style} className="border border-current/20 px-2 py-1 text-left font-semibold">
      {children}
    </th>
  ),
  td: ({ children, style }) => (
    <td style={style} className="border border-current/20 px-2 py-1">
      {children}
    </td>
  ),
  input: ({ checked, type }) =>
    type === "checkbox" ? (
      <input type="checkbox" checked={checked} disabled aria-label="Task" className="mr-1.5 align-middle" />
    ) : null,
  span: ({ children, className }) => (
    <span
      className={cn(
        className,
        className === DIALOGUE_CLASS &&
          "font-medium text-brand-300 in-[.light]:text-brand-700 [.chat-bubble-user_&]:font-semibold [.chat-bubble-user_&]:text-white",
      )}
    >
      {children}
    </span>
  ),
};

const remarkPlugins = [remarkGfm, remarkBreaks];
const rehypePlugins = [rehypeDialogue];

function MarkdownBody({ text }: { text: string }) {
  return (
    <Markdown
      remarkPlugins={remarkPlugins}
      rehypePlugins={rehypePlugins}
      components={components}
      urlTransform={safeLinkUrl}
    >
      {text}
    </Markdown>
  );
}

/**
 * A message as Markdown for roleplay: *actions* in italics, "dialogue" highlighted, **bold**, lists,
 * code, headings, strikethrough and tables. Raw HTML is never rendered (it shows as text), link targets
 * are limited to http(s) and mailto and open in a new tab, and pictures are not loaded. Memoized on the
 * text, so a finished message is parsed once.
 */
export const MessageText = memo(function MessageText({ text }: { text: string }) {
  return (
    <div className="chat-markdown">
      <MarkdownBody text={text} />
    </div>
  );
});

const MarkdownBlock = memo(MarkdownBody);

/**
 * A reply while it streams in: its blocks (split at blank lines outside code) are rendered one by one
 * and memoized, so each token re-parses only the last block, whatever the length of the reply. Once
 * saved, the message is rendered whole by MessageText.
 */
export function StreamingText({ text }: { text: string }) {
  return (
    <div className="chat-markdown space-y-2">
      {splitMarkdownBlocks(text).map((block, index) => (
        // Blocks only ever grow at the end: the index is a stable identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={index}>
          <MarkdownBlock text={block} />
        </div>
      ))}
    </div>
  );
}

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
