import type { Message } from "@hearth/contracts";
import { TIMINGS } from "@hearth/contracts";
import {
  AlertCircle,
  Check,
  ChevronLeft,
  ChevronRight,
  Copy,
  FastForward,
  Flag,
  Pencil,
  RefreshCw,
  Star,
} from "lucide-react";
import { memo, type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Avatar } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { isLocalId, type Turn } from "../lib/chat-state";
import { FEEDBACK_NOTE_MS, ratingWord } from "../lib/feedback-options";
import { canSaveEdit } from "../lib/keyboard";
import { applyMacros } from "../lib/message-format";
import { MessageText, StreamingText, TypingDots } from "./message-text";
import { RatingBox } from "./rating-box";
import { VoiceButton } from "./voice-button";

/** What a message's buttons do; one stable object for the whole list. */
export type MessageActions = {
  copy: (text: string) => Promise<boolean>;
  edit: (messageId: string, content: string) => Promise<boolean>;
  rate: (messageId: string, rating: number | null, label: string | null) => Promise<boolean>;
  report: (message: Message) => void;
  showAlternate: (messageId: string, index: number) => void;
  /** A new version of this reply (the last one, or an older one: the chat asks what becomes of later messages). */
  regenerate: (messageId: string) => void;
  continueReply: () => void;
  selectForRemoval: (messageId: string) => void;
  /** A message's generated image (image-chat.tsx: NSFW blur, Edit prompt); a plain image without it. */
  renderImage?: (message: Message, busy: boolean) => ReactNode;
};

export type MessageItemProps = {
  message: Message;
  index: number;
  characterName: string;
  characterAvatar: string | null;
  /** The member's name: this message's author for the member's own messages, `{{user}}` in replies. */
  userName: string;
  /** The last message of the conversation and a bot's: it offers continue (every reply has versions and regenerate). */
  isLastBot: boolean;
  /** The memory cut-off: the notice goes above this message. */
  showCutoff: boolean;
  /** The member's message failed before the server saved it (Resubmit in the error bar sends it). */
  unsent?: boolean;
  /** The reply being streamed into this message (regenerate or continue). */
  streaming: Turn | null;
  busy: boolean;
  /** Regenerate and continue are off for now (the waiting room); other actions stay. */
  generateLocked?: boolean;
  /** Signed-in members rate, edit and report messages; guests keep nothing on the server. */
  canRate: boolean;
  canEdit: boolean;
  /** In removal mode: whether this message can start the removal, starts it, or goes with it. */
  removal: "off" | "selectable" | "start" | "included";
  actions: MessageActions;
  /** Extra content a later feature adds under a message (images, voice, ads). */
  extra?: ReactNode;
};

/** Message actions: 44px touch targets on phones, compact from the sm breakpoint on. */
const actionButton =
  "inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-1.5 text-xs font-medium text-text-3 sm:h-8 sm:min-w-8 " +
  "transition-colors hover:bg-surface-2 hover:text-text-1 focus-visible:outline-2 focus-visible:outline-brand-400 " +
  "disabled:pointer-events-none disabled:opacity-40";

export const CUTOFF_NOTICE = "Messages before this point are no longer factored into text generation";

function MessageItemView({
  message,
  index,
  characterName,
  characterAvatar,
  userName,
  isLastBot,
  showCutoff,
  unsent = false,
  streaming,
  busy,
  generateLocked = false,
  canRate,
  canEdit,
  removal,
  actions,
  extra,
}: MessageItemProps) {
  const isBot = message.role === "bot";
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.content);
  const [saving, setSaving] = useState(false);
  const [editFailed, setEditFailed] = useState(false);
  const [copied, setCopied] = useState(false);
  const [ratingOpen, setRatingOpen] = useState(false);
  const [feedbackNote, setFeedbackNote] = useState(false);
  const editId = useId();
  const editBox = useRef<HTMLTextAreaElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // The edit box grows with its text (a phone wraps a message over many lines), up to 60% of the screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const el = editBox.current;
    if (!editing || !el) return;
    el.style.height = "auto";
    el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
  }, [editing, draft]);

  // Editing starts with the caret at the end of the text; when it ends the focus goes back to Edit.
  useEffect(() => {
    if (editing && !wasEditing.current) {
      const el = editBox.current;
      el?.focus();
      el?.setSelectionRange(el.value.length, el.value.length);
    } else if (!editing && wasEditing.current) {
      const active = document.activeElement;
      if (active === null || active === document.body) editButton.current?.focus();
    }
    wasEditing.current = editing;
  }, [editing]);
  const timers = useRef<number[]>([]);
  useEffect(
    () => () => {
      for (const timer of timers.current) window.clearTimeout(timer);
    },
    [],
  );

  const later = (ms: number, run: () => void) => {
    timers.current.push(window.setTimeout(run, ms));
  };

  const persisted = !isLocalId(message.id);
  /** An image message without text (image-chat.tsx): nothing to copy, speak, edit, regenerate or continue. */
  const textless = message.content === "" && message.image_url !== null;
  const shownText = applyMacros(
    streaming?.mode === "regenerate"
      ? streaming.text
      : streaming?.mode === "continue"
        ? message.content + streaming.text
        : message.content,
    characterName,
    userName,
  );
  const alternates = message.alternates.length;
  const rated = ratingWord(message.rating);

  const copy = async () => {
    if (await actions.copy(message.content)) {
      setCopied(true);
      later(TIMINGS.copyConfirmationMs, () => setCopied(false));
    }
  };

  const save = async () => {
    if (!canSaveEdit(message.content, draft)) return;
    setSaving(true);
    setEditFailed(false);
    const ok = await actions.edit(message.id, draft.trim());
    setSaving(false);
    if (ok) setEditing(false);
    else setEditFailed(true);
  };

  /** A star submits at once (the note thanks for it); the box stays open for an optional reason. */
  const rate = async (rating: number) => {
    const ok = await actions.rate(message.id, rating, null);
    if (ok) {
      setFeedbackNote(true);
      later(FEEDBACK_NOTE_MS, () => setFeedbackNote(false));
    }
    return ok;
  };
  const addLabel = async (label: string) => {
    const ok = await actions.rate(message.id, message.rating, label);
    if (ok) setRatingOpen(false);
    return ok;
  };

  const name = isBot ? characterName : userName;
  const bubble = (
    <div
      className={cn(
        "relative rounded-2xl px-4 py-2.5 text-[15px] leading-relaxed break-words shadow-sm",
        isBot
          ? "chat-bubble-bot rounded-tl-md bg-surface-1 text-text-1 ring-1 ring-surface-3"
          : editing
            ? // Editing: a neutral card, so the edit box and its buttons read as they do elsewhere.
              "chat-bubble-user rounded-tr-md bg-surface-1 text-text-1 ring-1 ring-surface-3"
            : // One solid colour (not a gradient), so every text colour in it has a checkable contrast.
              "chat-bubble-user rounded-tr-md bg-brand-700 text-white",
        editing && "w-full",
        unsent && "ring-2 ring-danger",
        (removal === "start" || removal === "included") && "opacity-60 ring-2 ring-danger",
      )}
    >
      {editing ? (
        <div className="flex flex-col gap-2">
          <label htmlFor={editId} className="sr-only">
            Edit message
          </label>
          <textarea
            id={editId}
            ref={editBox}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            rows={3}
            className="max-h-[60dvh] min-h-24 w-full resize-y overflow-y-auto rounded-xl border border-surface-3 bg-surface-0 px-3 py-2 text-base leading-normal text-text-1 focus:border-brand-400 focus:outline-none sm:min-w-[min(60vw,28rem)] sm:text-sm"
          />
          {editFailed ? (
            <p role="alert" className="text-xs font-medium text-danger">
              Your edit could not be saved. The previous text was restored.
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setEditing(false);
                setEditFailed(false);
              }}
            >
              Cancel
            </Button>
            <Button
              size="sm"
              loading={saving}
              disabled={!canSaveEdit(message.content, draft)}
              onClick={() => void save()}
            >
              Save
            </Button>
          </div>
        </div>
      ) : (
        <>
          {message.image_url && actions.renderImage ? (
            actions.renderImage(message, busy)
          ) : message.image_url ? (
            <img
              src={message.image_url}
              alt={message.image_prompt ?? "Generated image"}
              className="mb-2 max-h-96 rounded-xl object-cover"
              loading="lazy"
            />
          ) : null}
          {shownText ? (
            streaming ? (
              <StreamingText text={shownText} />
            ) : (
              <MessageText text={shownText} />
            )
          ) : null}
          {streaming ? <TypingDots label={`${characterName} is typing`} /> : null}
          {message.status === "cut" && !streaming ? (
            <span className="mt-1 block text-xs text-text-3 italic">(stopped)</span>
          ) : null}
        </>
      )}
    </div>
  );

  return (
    <div className="chat-message" data-message-id={message.id} data-role={message.role}>
      {showCutoff ? (
        <div role="note" className="my-4 flex items-center gap-3 text-xs text-text-3">
          <span aria-hidden="true" className="h-px flex-1 bg-surface-3" />
          <span className="max-w-[70%] text-center">{CUTOFF_NOTICE}</span>
          <span aria-hidden="true" className="h-px flex-1 bg-surface-3" />
        </div>
      ) : null}
      <article
        aria-label={`${name} said`}
        className={cn("group flex gap-2.5 py-2", isBot ? "justify-start" : "flex-row-reverse justify-start")}
      >
        {removal !== "off" ? (
          <label className="flex shrink-0 items-center self-center">
            <input
              type="radio"
              name="remove-from"
              checked={removal === "start"}
              onChange={() => actions.selectForRemoval(message.id)}
              className="h-4 w-4 accent-red-600"
            />
            <span className="sr-only">Remove from message {index + 1}</span>
          </label>
        ) : null}
        <Avatar
          name={name}
          src={isBot ? characterAvatar : null}
          className={cn("mt-5 h-8 w-8 text-sm", !isBot && "max-sm:hidden")}
        />
        <div
          className={cn(
            "flex max-w-[88%] min-w-0 flex-col sm:max-w-[78%]",
            isBot ? "items-start" : "items-end",
            editing && "w-full",
          )}
        >
          <span className="mb-1 px-1 text-xs font-semibold text-text-3">{name}</span>
          {bubble}
          {unsent ? (
            <p className="mt-1 flex items-center gap-1 px-1 text-xs font-semibold text-danger">
              <AlertCircle aria-hidden="true" className="h-3.5 w-3.5" />
              Not sent
            </p>
          ) : null}
          {!editing && !streaming && removal === "off" ? (
            <div
              className={cn(
                "mt-1 flex flex-wrap items-center gap-0.5",
                isBot ? "justify-start" : "justify-end",
                "opacity-100 sm:opacity-70 sm:group-hover:opacity-100 sm:focus-within:opacity-100",
              )}
            >
              {isBot && alternates > 1 ? (
                <fieldset className="mr-1 flex items-center border-0 p-0" aria-label="Alternate replies">
                  <button
                    type="button"
                    className={actionButton}
                    aria-label="Previous reply"
                    disabled={busy || message.alternate_index <= 0}
                    onClick={() => actions.showAlternate(message.id, message.alternate_index - 1)}
                  >
                    <ChevronLeft aria-hidden="true" className="h-4 w-4" />
                  </button>
                  <span className="min-w-10 text-center text-xs text-text-3 tabular-nums" aria-live="polite">
                    {message.alternate_index + 1}/{alternates}
                  </span>
                  <button
                    type="button"
                    className={actionButton}
                    aria-label="Next reply"
                    disabled={busy || message.alternate_index >= alternates - 1}
                    onClick={() => actions.showAlternate(message.id, message.alternate_index + 1)}
                  >
                    <ChevronRight aria-hidden="true" className="h-4 w-4" />
                  </button>
                </fieldset>
              ) : null}
              {textless ? null : (
                <button
                  type="button"
                  className={actionButton}
                  aria-label="Copy message"
                  onClick={() => void copy()}
                >
                  {copied ? (
                    <Check aria-hidden="true" className="h-4 w-4 text-success" />
                  ) : (
                    <Copy aria-hidden="true" className="h-4 w-4" />
                  )}
                  {copied ? <span>Copied!</span> : null}
                </button>
              )}
              {isBot && persisted && canEdit && !textless ? (
                <VoiceButton
                  messageId={message.id}
                  conversationId={message.conversation_id}
                  characterName={characterName}
                />
              ) : null}
              {canEdit && persisted && !textless ? (
                <button
                  ref={editButton}
                  type="button"
                  className={actionButton}
                  aria-label="Edit message"
                  disabled={busy}
                  onClick={() => {
                    setDraft(message.content);
                    setEditing(true);
                  }}
                >
                  <Pencil aria-hidden="true" className="h-4 w-4" />
                </button>
              ) : null}
              {isBot && index > 0 && (isLastBot || persisted) && !textless ? (
                <button
                  type="button"
                  className={actionButton}
                  aria-label="Regenerate reply"
                  disabled={busy || generateLocked}
                  onClick={() => actions.regenerate(message.id)}
                >
                  <RefreshCw aria-hidden="true" className="h-4 w-4" />
                </button>
              ) : null}
              {isLastBot && index > 0 && !textless ? (
                <button
                  type="button"
                  className={actionButton}
                  aria-label="Continue reply"
                  disabled={busy || generateLocked}
                  onClick={actions.continueReply}
                >
                  <FastForward aria-hidden="true" className="h-4 w-4" />
                </button>
              ) : null}
              {isBot && persisted && canRate ? (
                <button
                  type="button"
                  className={actionButton}
                  aria-label={rated ? `Rated ${rated}` : "Rate message"}
                  aria-expanded={ratingOpen}
                  disabled={Boolean(rated)}
                  onClick={() => setRatingOpen((open) => !open)}
                >
                  <Star
                    aria-hidden="true"
                    className={cn("h-4 w-4", rated && "fill-amber-400 text-amber-400")}
                  />
                  {rated ? <span>{rated}</span> : null}
                </button>
              ) : null}
              {isBot && persisted && canEdit ? (
                <button
                  type="button"
                  className={actionButton}
                  aria-label="Report message"
                  onClick={() => actions.report(message)}
                >
                  <Flag aria-hidden="true" className="h-4 w-4" />
                </button>
              ) : null}
            </div>
          ) : null}
          {ratingOpen && !message.rating_label ? (
            <RatingBox rated={rated} onRate={rate} onLabel={addLabel} onClose={() => setRatingOpen(false)} />
          ) : null}
          {feedbackNote ? (
            <p role="status" className="mt-1 px-1 text-xs text-success">
              Thanks for your feedback! It helps the character get better.
            </p>
          ) : null}
          {extra}
        </div>
      </article>
    </div>
  );
}

export const MessageItem = memo(MessageItemView);

/** The reply being written, before it is saved: the character's bubble with the text so far. */
export function PendingReply({
  text,
  characterName,
  characterAvatar,
}: {
  text: string;
  characterName: string;
  characterAvatar: string | null;
}) {
  return (
    <article aria-label={`${characterName} is replying`} className="flex gap-2.5 py-2" data-role="pending">
      <Avatar name={characterName} src={characterAvatar} className="mt-5 h-8 w-8 text-sm" />
      <div className="flex max-w-[88%] min-w-0 flex-col items-start sm:max-w-[78%]">
        <span className="mb-1 px-1 text-xs font-semibold text-text-3">{characterName}</span>
        <div
          data-testid="streaming-reply"
          className="chat-bubble-bot rounded-2xl rounded-tl-md bg-surface-1 px-4 py-2.5 text-[15px] leading-relaxed break-words text-text-1 ring-1 ring-surface-3"
        >
          {text ? <StreamingText text={text} /> : null}
          <TypingDots label={`${characterName} is typing`} />
        </div>
      </div>
    </article>
  );
}
