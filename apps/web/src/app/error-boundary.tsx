import { TIMINGS } from "@hearth/contracts";
import { AlertTriangle, RefreshCw, Sparkles, WifiOff } from "lucide-react";
import { Component, type ErrorInfo, type ReactNode, useEffect, useState } from "react";
import { useAppConfig } from "../api/config";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i;

/** True when a lazily loaded page failed to download: usually a new deployment replaced the old files. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error.name === "ChunkLoadError" || CHUNK_ERROR.test(error.message));
}

export function debugLine(error: unknown, version: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const path = `${window.location.pathname}${window.location.search}`;
  return `time=${new Date().toISOString()} path=${path} version=${version} error=${message}`;
}

function reload() {
  window.location.reload();
}

function goBack() {
  if (window.history.length > 1) window.history.back();
  else window.location.assign("/");
}

function CopyDebugButton({ error }: { error: unknown }) {
  const { data } = useAppConfig();
  const [copied, setCopied] = useState(false);
  const [fallback, setFallback] = useState<string | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), TIMINGS.copyConfirmationMs);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    const line = debugLine(error, data?.version ?? "unknown");
    try {
      await navigator.clipboard.writeText(line);
      setCopied(true);
    } catch {
      setFallback(line);
    }
  };
  return (
    <>
      <Button variant="ghost" onClick={() => void copy()}>
        {copied ? "Copied!" : "Copy debug info"}
      </Button>
      <span role="status" className="sr-only">
        {copied ? "Debug info copied" : ""}
      </span>
      {fallback ? (
        <code className="mt-2 block w-full rounded-xl bg-surface-2 p-3 text-left text-xs break-all text-text-2 select-all">
          {fallback}
        </code>
      ) : null}
    </>
  );
}

/** The generic error screen (shell spec 2.14): new version, offline, or something went wrong. */
export function ErrorScreen({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  const offline = typeof navigator !== "undefined" && !navigator.onLine;
  const Icon = chunk ? Sparkles : offline ? WifiOff : AlertTriangle;
  const heading = chunk
    ? "A new version of the website is available. Reload..."
    : offline
      ? "It looks like you're offline..."
      : "Uh oh, something went wrong";
  return (
    <div className="mx-auto flex w-full max-w-lg px-4 py-16">
      <Card className="w-full text-center">
        <div className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-500/15 text-link">
          <Icon aria-hidden="true" className="h-7 w-7" />
        </div>
        <h1 className="text-2xl font-bold tracking-tight">{heading}</h1>
        {!chunk ? (
          <p className="mt-3 text-text-2">
            {offline
              ? "Check your connection and try again."
              : "An unexpected error stopped this page. Reloading usually fixes it."}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button onClick={reload}>
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            Reload
          </Button>
          {!chunk ? (
            <>
              <Button variant="secondary" onClick={goBack}>
                Go back
              </Button>
              <CopyDebugButton error={error} />
            </>
          ) : null}
        </div>
      </Card>
    </div>
  );
}

type BoundaryProps = { children: ReactNode; resetKey?: string };
type BoundaryState = { error: unknown; hasError: boolean; resetKey?: string };

/** Catches render errors below it; resets when `resetKey` (the path) changes. */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.resetKey !== state.resetKey) {
      return { resetKey: props.resetKey, hasError: false, error: null };
    }
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Render error", error, info.componentStack);
  }

  override render() {
    return this.state.hasError ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
