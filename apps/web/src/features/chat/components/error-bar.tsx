import { AlertTriangle, Ban, Hourglass, Lock, WifiOff, X } from "lucide-react";
import type { ReactNode } from "react";
import { Button, ButtonLink } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { useCountdown } from "../hooks/use-countdown";
import type { ChatFailure } from "../lib/chat-errors";
import {
  type Audience,
  BUSY_ELSEWHERE_TEXT,
  defaultErrorText,
  messageLimitText,
  OFFLINE_MESSAGE,
  WAITING_ROOM_REFUSED_TEXT,
} from "../lib/chat-errors";
import { canResubmit, countdownLabel, countdownProgress } from "../lib/countdown";

export type { Audience } from "../lib/chat-errors";

export const BLOCKED_CREATOR_MESSAGE =
  "You have blocked the creator of this character. Please unblock creator to use this character.";

export type ErrorBarProps = {
  failure: ChatFailure;
  audience: Audience;
  canResubmit: boolean;
  onResubmit: () => void;
  onDismiss: () => void;
  onUnblock: () => void;
  unblocking: boolean;
  /** Resubmit stays off while sending is locked (the waiting room). */
  resubmitLocked?: boolean;
};

/**
 * The bar itself: an opaque card (the conversation scrolls under the input area, so a see-through bar
 * would mix with the messages behind it), tinted by its tone and marked by a coloured edge.
 */
function Panel({ icon, tone, children }: { icon: ReactNode; tone: "danger" | "brand"; children: ReactNode }) {
  return (
    <div
      role="alert"
      className="overflow-hidden rounded-2xl bg-surface-1 text-sm text-text-1 shadow-xl shadow-black/30 ring-1 ring-surface-3"
    >
      <div
        className={cn(
          "flex gap-3 border-l-4 p-3",
          tone === "danger" ? "border-danger bg-danger/10" : "border-brand-500 bg-brand-500/10",
        )}
      >
        <span className="mt-0.5 shrink-0">{icon}</span>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </div>
  );
}

function DismissButton({ onDismiss }: { onDismiss: () => void }) {
  return (
    <button
      type="button"
      aria-label="Dismiss error"
      onClick={onDismiss}
      className="-mt-2 -mr-2 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-text-3 hover:bg-surface-2 hover:text-text-1 focus-visible:outline-2 focus-visible:outline-brand-400"
    >
      <X aria-hidden="true" className="h-4 w-4" />
    </button>
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
  resubmitLocked = false,
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
    const text = messageLimitText(audience);
    return (
      <Panel tone="brand" icon={<AlertTriangle aria-hidden="true" className="h-5 w-5 text-link" />}>
        <p className="font-semibold">{text.title}</p>
        <p className="mt-1 text-text-2">{text.body}</p>
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
  if (failure.code === "generation_in_progress" || failure.code === "waiting_room") {
    const text = failure.code === "waiting_room" ? WAITING_ROOM_REFUSED_TEXT : BUSY_ELSEWHERE_TEXT;
    return (
      <Panel tone="brand" icon={<Hourglass aria-hidden="true" className="h-5 w-5 text-link" />}>
        <div className="flex items-start gap-2">
          <div className="flex-1">
            <p className="font-semibold">{text.title}</p>
            <p className="mt-1 text-text-2">{text.body}</p>
          </div>
          <DismissButton onDismiss={onDismiss} />
        </div>
      </Panel>
    );
  }
  return (
    <RetryBar
      failure={failure}
      retryable={retryable}
      locked={resubmitLocked}
      onResubmit={onResubmit}
      onDismiss={onDismiss}
    />
  );
}

function RetryBar({
  failure,
  retryable,
  locked,
  onResubmit,
  onDismiss,
}: {
  failure: ChatFailure;
  retryable: boolean;
  locked: boolean;
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
        <p className="flex-1 font-medium">{offline ? OFFLINE_MESSAGE : defaultErrorText(failure.code)}</p>
        <DismissButton onDismiss={onDismiss} />
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
          <Button size="sm" variant="secondary" disabled={!ready || locked} onClick={onResubmit}>
            Resubmit
          </Button>
        ) : null}
      </div>
    </Panel>
  );
}
