import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { Button } from "./button";
import { cn } from "./cn";

export type DialogProps = {
  open: boolean;
  /** Called with false when the user presses Escape, clicks outside or the close button. */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  /** Hides the close button and ignores Escape / outside clicks (a step the user must finish). */
  dismissible?: boolean;
  className?: string;
};

/** Root, overlay and content with focus trapped; a non-dismissible dialog ignores Escape and outside clicks. */
function DialogFrame({
  open,
  onOpenChange,
  dismissible,
  className,
  children,
}: Pick<DialogProps, "open" | "onOpenChange" | "className"> & { dismissible: boolean; children: ReactNode }) {
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  // These dialogs are opened from state, not from a Radix trigger, so Radix has no trigger to give the
  // focus back to on close: remember what had the focus when the dialog opened and return it there. It is
  // read as `open` turns true, before the dialog's content (which may autofocus a field) is committed.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open !== wasOpen.current) {
    wasOpen.current = open;
    const active = open && typeof document !== "undefined" ? document.activeElement : null;
    if (open) opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  const returnFocus = (event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/65 backdrop-blur-sm" />
        <RadixDialog.Content
          onCloseAutoFocus={returnFocus}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          className={cn(
            "fixed z-50 flex flex-col border border-surface-3 bg-surface-1 shadow-2xl shadow-black/50 outline-none",
            className,
          )}
        >
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The title, and the description (or the title again for screen readers, so the dialog is described). */
function Heading({ title, description }: Pick<DialogProps, "title" | "description">) {
  return (
    <>
      <RadixDialog.Title className="text-lg font-bold tracking-tight text-text-1">{title}</RadixDialog.Title>
      {description ? (
        <RadixDialog.Description className="mt-1 text-sm text-text-2">{description}</RadixDialog.Description>
      ) : (
        <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
      )}
    </>
  );
}

function CloseButton({ className }: { className: string }) {
  return (
    <RadixDialog.Close asChild>
      <Button variant="ghost" size="icon" aria-label="Close" className={className}>
        <X aria-hidden="true" className="h-5 w-5" />
      </Button>
    </RadixDialog.Close>
  );
}

/** Centered modal dialog for short questions and forms. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  dismissible = true,
  icon,
  className,
}: DialogProps & { icon?: ReactNode }) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      dismissible={dismissible}
      className={cn(
        "top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl p-5 sm:p-6",
        className,
      )}
    >
      <div className="flex items-start gap-3">
        {icon ? (
          <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-link ring-1 ring-surface-3">
            {icon}
          </div>
        ) : null}
        <div className="min-w-0 flex-1">
          <Heading title={title} description={description} />
        </div>
        {dismissible ? <CloseButton className="-mt-1 -mr-2 h-9 w-9 shrink-0" /> : null}
      </div>
      {children ? <div className="mt-4">{children}</div> : null}
      {footer ? (
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>
      ) : null}
    </DialogFrame>
  );
}

/** A dialog for longer content: a bottom sheet on phones, centered on larger screens; the body scrolls. */
export function SheetDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  dismissible = true,
  className,
}: DialogProps) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      dismissible={dismissible}
      className={cn(
        "inset-x-0 bottom-0 max-h-[88dvh] rounded-t-3xl",
        "sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-1/2 sm:w-[min(32rem,92vw)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl",
        className,
      )}
    >
      <div className="pt-5 pr-14 pb-2 pl-5">
        <Heading title={title} description={description} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-3">{children}</div>
      {footer ? (
        <div className="flex flex-wrap items-center justify-end gap-2 border-t border-surface-3 px-5 py-4">
          {footer}
        </div>
      ) : null}
      {/* Last in focus order, so opening the sheet focuses its first field or choice rather than Close. */}
      {dismissible ? <CloseButton className="absolute top-3 right-3" /> : null}
    </DialogFrame>
  );
}
