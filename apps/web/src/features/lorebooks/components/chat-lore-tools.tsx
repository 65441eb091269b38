import * as Menu from "@radix-ui/react-dropdown-menu";
import { BookOpen, BookPlus, ScanSearch } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { AddToLorebookDialog } from "./add-to-lorebook-dialog";
import { ChatLorebooksDialog } from "./chat-lorebooks-dialog";
import { PromptInspectorDialog } from "./prompt-inspector-dialog";

type Open = "books" | "inspector" | "add" | null;

const itemClass =
  "flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-text-1 outline-none " +
  "data-[highlighted]:bg-surface-2";

/** The selected text when the selection lies inside one message of the transcript. */
function selectedMessageText(): { text: string; rect: DOMRect } | null {
  const selection = typeof window === "undefined" ? null : window.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const text = selection.toString().trim();
  if (!text) return null;
  const range = selection.getRangeAt(0);
  const start = range.startContainer.parentElement?.closest("[data-message-id]");
  const end = range.endContainer.parentElement?.closest("[data-message-id]");
  if (!start || start !== end) return null;
  return { text: text.slice(0, 20_000), rect: range.getBoundingClientRect() };
}

/**
 * The chat's lorebook tools, placed in the chat header by the page: a menu with the chat's lorebooks, the
 * prompt inspector and 'Add to lorebook' (with the text selected in a message, if any, for keyboards),
 * and 'Add to lorebook' floating by text selected in a message.
 */
export function ChatLoreTools({ conversationId }: { conversationId: string }) {
  const [open, setOpen] = useState<Open>(null);
  const [selection, setSelection] = useState<{ text: string; top: number; left: number } | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const chosen = useRef<Open>(null);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const found = selectedMessageText();
        setSelection(
          found
            ? {
                text: found.text,
                top: Math.max(72, found.rect.top - 44),
                left: Math.min(
                  window.innerWidth - 170,
                  Math.max(8, found.rect.left + found.rect.width / 2 - 80),
                ),
              }
            : null,
        );
      });
    };
    document.addEventListener("selectionchange", update);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("selectionchange", update);
    };
  }, []);

  return (
    <>
      <Menu.Root modal={false}>
        <Menu.Trigger
          aria-label="Lorebooks and prompt"
          className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-xl text-text-2 hover:bg-surface-2 hover:text-text-1 focus-visible:outline-2 focus-visible:outline-brand-400"
        >
          <BookOpen aria-hidden="true" className="h-5 w-5" />
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-52 rounded-xl border border-surface-3 bg-surface-1 p-1 shadow-xl"
            onCloseAutoFocus={(event) => {
              // The dialog opens once the menu gave the focus back, so it returns there on close.
              const next = chosen.current;
              chosen.current = null;
              if (next === "add") {
                event.preventDefault();
                setAdding(selection?.text ?? "");
              } else if (next) {
                event.preventDefault();
                setOpen(next);
              }
            }}
          >
            <Menu.Item className={itemClass} onSelect={() => (chosen.current = "books")}>
              <BookOpen aria-hidden="true" className="h-4 w-4" />
              Lorebooks
            </Menu.Item>
            <Menu.Item className={itemClass} onSelect={() => (chosen.current = "inspector")}>
              <ScanSearch aria-hidden="true" className="h-4 w-4" />
              Prompt inspector
            </Menu.Item>
            <Menu.Item className={itemClass} onSelect={() => (chosen.current = "add")}>
              <BookPlus aria-hidden="true" className="h-4 w-4" />
              Add to lorebook
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      {selection && adding === null ? (
        <button
          type="button"
          style={{ top: selection.top, left: selection.left }}
          // Keeps the selection: the button takes no focus on press.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setAdding(selection.text)}
          className="fixed z-40 inline-flex h-9 items-center gap-2 rounded-xl border border-surface-3 bg-surface-1 px-3 text-sm font-semibold text-text-1 shadow-lg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-brand-400"
        >
          <BookPlus aria-hidden="true" className="h-4 w-4 text-link" />
          Add to lorebook
        </button>
      ) : null}
      <ChatLorebooksDialog
        conversationId={conversationId}
        open={open === "books"}
        onClose={() => setOpen(null)}
      />
      <PromptInspectorDialog
        conversationId={conversationId}
        open={open === "inspector"}
        onClose={() => setOpen(null)}
      />
      <AddToLorebookDialog conversationId={conversationId} text={adding} onClose={() => setAdding(null)} />
    </>
  );
}
