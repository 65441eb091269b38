import { ChevronLeft, ChevronRight, TriangleAlert } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Button } from "./button";
import { cn } from "./cn";

export type RailProps = {
  /** Id of the row's heading; names the section and its list. */
  headingId: string;
  title: string;
  /** A small icon before the title (decorative). */
  icon?: ReactNode;
  /** A link or button at the end of the header, e.g. "See all". */
  action?: ReactNode;
  /** How many items there are; a row with none (loaded, no error) is not rendered at all. */
  itemCount: number;
  isLoading: boolean;
  error?: Error | null;
  onRetry?: () => void;
  isRetrying?: boolean;
  /** What failed, in words; defaults to the title. */
  errorText?: string;
  /** One placeholder item, repeated while loading (same width as a real item). */
  skeleton: ReactNode;
  skeletonCount?: number;
  /** The items, each a `<RailItem>`. */
  children: ReactNode;
};

/** The scroller bleeds to the page edge on phones (the page pads 16/24px), so cards scroll edge to edge. */
const scrollerClasses =
  "-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-px-4 px-4 py-1.5 [scrollbar-width:none] sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:mx-0 lg:scroll-px-0 lg:px-0 [&::-webkit-scrollbar]:hidden";

/**
 * A titled, horizontally scrolling row of cards (home page rows): keyboard users tab through the cards
 * (each scrolls into view); pointer users swipe, or use the arrow buttons on wider screens. Shows
 * placeholders while loading and a retry on error; renders nothing when loaded and empty.
 */
export function Rail({
  headingId,
  title,
  icon,
  action,
  itemCount,
  isLoading,
  error,
  onRetry,
  isRetrying = false,
  errorText,
  skeleton,
  skeletonCount = 6,
  children,
}: RailProps) {
  const scrollerRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });
  const ready = itemCount > 0;

  const measure = useCallback(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const start = el.scrollLeft <= 4;
    const end = el.scrollLeft + el.clientWidth >= el.scrollWidth - 4;
    setEdges((previous) => (previous.start === start && previous.end === end ? previous : { start, end }));
  }, []);

  useEffect(() => {
    if (!ready) return;
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const el = scrollerRef.current;
    if (!el) return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ready, measure]);

  if (!isLoading && !error && !ready) return null;

  function scrollByPage(direction: 1 | -1) {
    const el = scrollerRef.current;
    if (!el) return;
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    el.scrollBy?.({ left: direction * el.clientWidth * 0.85, behavior: reduceMotion ? "auto" : "smooth" });
  }

  let body: ReactNode;
  if (ready) {
    body = (
      <ul ref={scrollerRef} aria-labelledby={headingId} onScroll={measure} className={scrollerClasses}>
        {children}
      </ul>
    );
  } else if (error) {
    body = (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-2xl bg-surface-1 px-4 py-3 text-sm text-text-2 ring-1 ring-surface-3"
      >
        <TriangleAlert aria-hidden="true" className="h-4 w-4 shrink-0 text-danger" />
        <span className="flex-1">{errorText ?? `Couldn't load “${title}”.`}</span>
        {onRetry ? (
          <Button variant="secondary" size="sm" loading={isRetrying} onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </div>
    );
  } else {
    body = (
      <div
        role="status"
        aria-label={`Loading ${title.toLowerCase()}`}
        className={cn(scrollerClasses, "overflow-hidden")}
      >
        {Array.from({ length: skeletonCount }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={i} aria-hidden="true" className="shrink-0">
            {skeleton}
          </div>
        ))}
      </div>
    );
  }

  const arrows = ready && !(edges.start && edges.end);
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <div className="flex items-center gap-3">
        <h2
          id={headingId}
          className="flex min-w-0 items-center gap-2 text-lg font-bold tracking-tight text-text-1 sm:text-xl"
        >
          {icon}
          <span className="truncate">{title}</span>
        </h2>
        <div className="ml-auto flex shrink-0 items-center gap-1">
          {action}
          {arrows ? (
            <div className="hidden items-center gap-1 md:flex">
              <Button
                variant="ghost"
                size="icon"
                className="h-8 w-8 rounded-full"
                aria-label={`Scroll ${title} back`}
                disabled={edges.start}
                onClick={() => scrollByPage(-1)}
              >
                <ChevronLeft aria-hidden="true" className="h-5 w-5" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="h-8 w-8 rounded-full"
                aria-label={`Scroll ${title} forward`}
                disabled={edges.end}
                onClick={() => scrollByPage(1)}
              >
                <ChevronRight aria-hidden="true" className="h-5 w-5" />
              </Button>
            </div>
          ) : null}
        </div>
      </div>
      {body}
    </section>
  );
}

/** One card slot of a `<Rail>`: fixed width, snaps to the row's start. */
export function RailItem({ className, children }: { className?: string; children: ReactNode }) {
  return <li className={cn("shrink-0 snap-start", className)}>{children}</li>;
}
