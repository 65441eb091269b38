import { type ReactNode, type Ref, useState } from "react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import type { ChatController } from "../hooks/use-chat";
import { type ChatStore, useChatSelector } from "../hooks/use-chat-store";
import { appendSpoken } from "../hooks/use-speech-input";
import type { Toast } from "../hooks/use-toast";
import { type Audience, isBlocking } from "../lib/chat-errors";
import { type ChatState, typingOf } from "../lib/chat-state";
import { ChatInput, type ChatInputHandle } from "./chat-input";
import { ErrorBar } from "./error-bar";
import { SpeechInputButton } from "./speech-input-button";

function selectComposer(state: ChatState) {
  return {
    typing: typingOf(state),
    /** A suggestion being written shows in the input as it streams. */
    suggestion: state.turn?.mode === "autopilot" ? state.turn.text : null,
    failure: state.failure,
    canResubmit: state.retry !== null,
  };
}

export type ComposerProps = {
  store: ChatStore;
  chat: ChatController;
  handleRef: Ref<ChatInputHandle>;
  characterName: string;
  audience: Audience;
  toast: Toast | null;
  /** Puts the caret back in the input once a reply started from elsewhere (a button) is written. */
  focusAfterReply: () => void;
  onUnblock: () => Promise<void>;
  /** Remove Messages mode: its bar takes the input's place. */
  removal: ReactNode;
  extraButtons?: ReactNode;
  /** Why nothing can be sent for now (the waiting room), or null: writing stays open. */
  sendLocked?: string | null;
};

/**
 * The bottom of the chat: a notice, the error bar, and the input (or the Remove Messages bar). It holds
 * the text being written; a message the server refused before saving it comes back into it.
 */
export function Composer({
  store,
  chat,
  handleRef,
  characterName,
  audience,
  toast,
  focusAfterReply,
  onUnblock,
  removal,
  extraButtons,
  sendLocked = null,
}: ComposerProps) {
  const { typing, suggestion, failure, canResubmit } = useChatSelector(store, selectComposer);
  const [draft, setDraft] = useState("");
  const [unblocking, setUnblocking] = useState(false);

  const send = async () => {
    const text = draft;
    if (!text.trim()) return;
    setDraft("");
    const sent = await chat.send(text);
    if (!sent) setDraft((current) => (current.trim() ? current : text));
  };

  const suggest = async () => {
    focusAfterReply();
    const before = draft;
    const written = await chat.suggest();
    setDraft(written ?? before);
  };

  return (
    <div className="mx-auto flex w-full max-w-[800px] flex-col gap-2 px-3 sm:px-4">
      {toast ? (
        <p
          role="status"
          className={cn(
            "self-center rounded-full bg-surface-2 px-4 py-1.5 text-sm font-medium shadow-lg ring-1 ring-surface-3",
            toast.tone === "ok" ? "text-success" : "text-danger",
          )}
        >
          {toast.text}
        </p>
      ) : null}
      {failure ? (
        <ErrorBar
          failure={failure}
          audience={audience}
          canResubmit={canResubmit}
          onResubmit={() => {
            focusAfterReply();
            chat.resubmit();
          }}
          onDismiss={chat.dismissFailure}
          unblocking={unblocking}
          resubmitLocked={sendLocked !== null}
          onUnblock={async () => {
            setUnblocking(true);
            try {
              await onUnblock();
            } finally {
              setUnblocking(false);
            }
          }}
        />
      ) : null}
      {removal ?? (
        <ChatInput
          handleRef={handleRef}
          value={suggestion ?? draft}
          onChange={setDraft}
          onSend={() => void send()}
          onStop={chat.stop}
          onSuggest={() => void suggest()}
          typing={typing}
          characterName={characterName}
          disabled={isBlocking(failure)}
          sendLocked={sendLocked}
          extraButtons={
            <>
              <SpeechInputButton
                onText={(text) => setDraft((current) => appendSpoken(current, text))}
                disabled={isBlocking(failure)}
              />
              {extraButtons}
            </>
          }
        />
      )}
    </div>
  );
}

/** Remove Messages mode: choose the first message to remove, then Remove (it and all after it) or Cancel. */
export function RemovalBar({
  ready,
  onCancel,
  onRemove,
}: {
  ready: boolean;
  onCancel: () => void;
  onRemove: () => Promise<void>;
}) {
  const [removing, setRemoving] = useState(false);
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-danger/40 bg-surface-1 p-3 text-sm shadow-xl shadow-black/20 sm:flex-row sm:items-center">
      <p className="flex-1 text-text-2">
        Select the first message to remove. It and every message after it will be removed.
      </p>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          variant="danger"
          size="sm"
          loading={removing}
          disabled={!ready}
          onClick={async () => {
            setRemoving(true);
            try {
              await onRemove();
            } finally {
              setRemoving(false);
            }
          }}
        >
          Remove
        </Button>
      </div>
    </div>
  );
}
