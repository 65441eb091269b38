import { Lock, SendHorizontal, Sparkles, Square } from "lucide-react";
import {
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
} from "react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import type { Typing } from "../lib/chat-state";
import { canSend, inputKeyAction, isMobileDevice } from "../lib/keyboard";

/** The input grows up to 10 lines (chat spec 2 and 9: about 188px). */
export const INPUT_MAX_HEIGHT_PX = 188;

/** What the chat page may ask of the input. */
export type ChatInputHandle = {
  /**
   * Puts the caret back in the input as soon as it is enabled again (after a reply), unless something
   * else took the focus meanwhile. Used after regenerate, continue, Resubmit and Suggest on desktop.
   */
  focusWhenReady: () => void;
  /** Puts the caret in the input now (e.g. when a dialog closes and its opener is gone). */
  focus: () => void;
};

export type ChatInputProps = {
  handleRef?: Ref<ChatInputHandle>;
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  onSuggest: () => void;
  typing: Typing | null;
  characterName: string;
  /** Input off for another reason than typing (cloning, a blocking error, removal mode). */
  disabled: boolean;
  /**
   * Why nothing can be sent for now (the waiting room), or null: Send and Suggest are off and the reason
   * shows above the input, which stays open for writing.
   */
  sendLocked?: string | null;
  /** Buttons a later feature adds next to Send (speech input, images). */
  extraButtons?: ReactNode;
};

const TYPING_PLACEHOLDERS: Record<Typing, (name: string) => string> = {
  bot: (name) => `${name} is typing…`,
  autopilot: () => "Writing a suggestion…",
};

export function ChatInput({
  handleRef,
  value,
  onChange,
  onSend,
  onStop,
  onSuggest,
  typing,
  characterName,
  disabled,
  sendLocked = null,
  extraButtons,
}: ChatInputProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const reasonId = useId();
  const mobile = useMemo(() => isMobileDevice(), []);
  const locked = disabled || typing !== null;
  /** Nothing can be sent, though the input may be open for writing. */
  const sendOff = locked || sendLocked !== null;
  /** Focus goes back to the input once it is enabled again (it is disabled while a reply is written). */
  const refocus = useRef(false);

  useImperativeHandle(
    handleRef,
    () => ({
      focusWhenReady: () => {
        refocus.current = true;
      },
      focus: () => ref.current?.focus(),
    }),
    [],
  );

  useEffect(() => {
    const el = ref.current;
    if (locked || !refocus.current || !el) return;
    refocus.current = false;
    // Only when the focus was lost (to the page body): never take it from what the member moved to.
    const active = document.activeElement;
    if (active !== null && active !== document.body && active !== el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, [locked]);

  /** Sends, and keeps the caret in the input for the next message if it was there (never opens a phone keyboard that was closed). */
  const send = () => {
    if (!canSend(value) || sendOff) return;
    if (document.activeElement === ref.current) refocus.current = true;
    onSend();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, INPUT_MAX_HEIGHT_PX)}px`;
    el.style.overflowY = el.scrollHeight > INPUT_MAX_HEIGHT_PX ? "auto" : "hidden";
  }, [value]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = inputKeyAction(
      { key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing },
      mobile,
    );
    if (action !== "send") return;
    event.preventDefault();
    send();
  };

  const stoppable = typing === "bot" || typing === "autopilot";

  const describedBy = sendLocked === null ? undefined : reasonId;

  return (
    <>
      {sendLocked === null ? null : (
        <p
          id={reasonId}
          className="flex items-center gap-1.5 self-center rounded-full bg-surface-1 px-3 py-1 text-center text-xs font-medium text-text-2 shadow-lg ring-1 ring-surface-3"
        >
          <Lock aria-hidden="true" className="h-3.5 w-3.5 shrink-0 text-link" />
          {sendLocked}
        </p>
      )}
      <div className="flex items-end gap-2 rounded-3xl border border-surface-3 bg-surface-1 p-2 shadow-xl shadow-black/20 focus-within:border-brand-400/70">
        <Button
          variant="ghost"
          size="icon"
          className="shrink-0 rounded-2xl"
          aria-label="Suggest a message"
          aria-describedby={describedBy}
          title="Suggest"
          disabled={sendOff}
          onClick={onSuggest}
        >
          <Sparkles aria-hidden="true" className="h-5 w-5" />
        </Button>
        <label htmlFor="chat-input" className="sr-only">
          Message {characterName}
        </label>
        <textarea
          id="chat-input"
          ref={ref}
          rows={1}
          value={value}
          disabled={locked}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          enterKeyHint={mobile ? "enter" : "send"}
          placeholder={typing ? TYPING_PLACEHOLDERS[typing](characterName) : `Message ${characterName}`}
          className={cn(
            // 16px on phones: a smaller font makes iOS zoom the page when the input gets the focus.
            "min-h-10 flex-1 resize-none bg-transparent px-1 py-2 text-base leading-6 text-text-1 placeholder:text-text-3 sm:text-[15px]",
            "focus:outline-none disabled:cursor-not-allowed",
          )}
          style={{ maxHeight: INPUT_MAX_HEIGHT_PX }}
        />
        {extraButtons}
        {stoppable ? (
          <Button
            variant="secondary"
            size="icon"
            className="shrink-0 rounded-2xl"
            aria-label="Stop"
            onClick={onStop}
          >
            <Square aria-hidden="true" className="h-4 w-4 fill-current" />
          </Button>
        ) : (
          <Button
            size="icon"
            className="shrink-0 rounded-2xl"
            aria-label="Send"
            aria-describedby={describedBy}
            disabled={sendOff || !canSend(value)}
            // A click on Send leaves the caret (and a phone's open keyboard) in the input.
            onMouseDown={(event) => {
              if (document.activeElement === ref.current) event.preventDefault();
            }}
            onClick={send}
          >
            <SendHorizontal aria-hidden="true" className="h-5 w-5" />
          </Button>
        )}
      </div>
    </>
  );
}
