import { AlertTriangle, Ban, Lock, WifiOff, X } from "lucide-react";
import type { ReactNode } from "react";
import { Button, ButtonLink } from "../../../components/ui/button";
import type { ChatFailure } from "../hooks/use-chat";
import { useCountdown } from "../hooks/use-countdown";
import { canResubmit, countdownLabel, countdownProgress } from "../lib/countdown";

export const BLOCKED_CREATOR_MESSAGE =
  "You have blocked the creator of this character. Please unblock creator to use this character.";

export type Audience = "guest" | "free" | "subscriber";

export type ErrorBarProps = {
  failure: ChatFailure;
  audience: Audience;
  canResubmit: boolean;
  onResubmit: () => void;
  onDismiss: () => void;
  onUnblock: () => void;
  unblocking: boolean;
};

function Panel({ icon, tone, children }: { icon: ReactNode; tone: "danger" | "brand"; children: ReactNode }) {
  return (
    <div
      role="alert"
      className={
        tone === "danger"
          ? "flex gap-3 rounded-2xl border border-danger/40 bg-danger/10 p-3 text-sm text-text-1"
          : "flex gap-3 rounded-2xl border border-brand-400/40 bg-brand-500/10 p-3 text-sm text-text-1"
      }
    >
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

/** The chat's error bar (chat spec 4 and 8): one presentation per error of the catalogue. */
export function ErrorBar({
  failure,
  audience,
  canResubmit: retryable,
  onResubmit,
  onDismiss,
  onUnblock,
  unblocking,
}: ErrorBarProps) {
  if (failure.code === "invalidAccess") {
    return (
      <Panel tone="danger" icon={<Lock aria-hidden="true" className="h-5 w-5 text-danger" />}>
        <p className="font-medium">
          You are not allowed to chat with this character. It's either private or deleted.
        </p>
      </Panel>
    );
  }
  if (failure.code === "blockedBotCreator") {
    return (
      <Panel tone="danger" icon={<Ban aria-hidden="true" className="h-5 w-5 text-danger" />}>
        <p className="font-medium">{BLOCKED_CREATOR_MESSAGE}</p>
        <Button size="sm" variant="secondary" className="mt-2" loading={unblocking} onClick={onUnblock}>
          Unblock Creator
        </Button>
      </Panel>
    );
  }
  if (failure.code === "message_limit") {
    return (
      <Panel tone="brand" icon={<AlertTriangle aria-hidden="true" className="h-5 w-5 text-brand-300" />}>
        <p className="font-semibold">
          {audience === "guest"
            ? "You've used your free guest messages"
            : "You've reached your message limit"}
        </p>
        <p className="mt-1 text-text-2">{failure.message}</p>
        {audience === "guest" ? (
          <ButtonLink to="/register" size="sm" className="mt-2">
            Sign Up Free
          </ButtonLink>
        ) : audience === "free" ? (
          <ButtonLink to="/subscribe" size="sm" className="mt-2">
            Upgrade for unlimited messages
          </ButtonLink>
        ) : null}
      </Panel>
    );
  }
  return <RetryBar failure={failure} retryable={retryable} onResubmit={onResubmit} onDismiss={onDismiss} />;
}

function RetryBar({
  failure,
  retryable,
  onResubmit,
  onDismiss,
}: {
  failure: ChatFailure;
  retryable: boolean;
  onResubmit: () => void;
  onDismiss: () => void;
}) {
  const left = useCountdown(failure);
  const offline = failure.code === "network_error";
  const ready = canResubmit(left);
  return (
    <Panel
      tone="danger"
      icon={
        offline ? (
          <WifiOff aria-hidden="true" className="h-5 w-5 text-danger" />
        ) : (
          <AlertTriangle aria-hidden="true" className="h-5 w-5 text-danger" />
        )
      }
    >
      <div className="flex items-start gap-2">
        <p className="flex-1 font-medium">
          {offline
            ? "It looks like you're offline..."
            : `There was an error processing the last request. (${failure.message})`}
        </p>
        <button
          type="button"
          aria-label="Dismiss error"
          onClick={onDismiss}
          className="-mt-1 -mr-1 rounded-lg p-1 text-text-3 hover:bg-surface-2 hover:text-text-1"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
      <div
        role="progressbar"
        aria-label="Time until you can try again"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(countdownProgress(left) * 100)}
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-surface-3"
      >
        <div
          className="h-full rounded-full bg-danger transition-[width] duration-500 ease-linear"
          style={{ width: `${countdownProgress(left) * 100}%` }}
        />
      </div>
      <div className="mt-2 flex items-center justify-between gap-2">
        <p className="text-xs text-text-2" aria-live="polite">
          {ready ? "You can try again now." : countdownLabel(left)}
        </p>
        {retryable ? (
          <Button size="sm" variant="secondary" disabled={!ready} onClick={onResubmit}>
            Resubmit
          </Button>
        ) : null}
      </div>
    </Panel>
  );
}
