import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";

export type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Set false for dialogs the user must answer (no close button, Escape and outside clicks ignored). */
  dismissable?: boolean;
  className?: string;
};

/** The chat page's dialogs: centered on desktop, a bottom sheet on phones. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  dismissable = true,
  className,
}: ModalProps) {
  const block = (event: Event) => {
    if (!dismissable) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          className={cn(
            "fixed inset-x-0 bottom-0 z-50 flex max-h-[88dvh] flex-col rounded-t-3xl border border-surface-3 bg-surface-1 shadow-2xl",
            "sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-1/2 sm:w-[min(32rem,92vw)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl",
            className,
          )}
        >
          <div className="pt-5 pr-14 pb-2 pl-5">
            <Dialog.Title className="text-lg font-bold text-text-1">{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className="mt-1 text-sm text-text-2">{description}</Dialog.Description>
            ) : (
              <Dialog.Description className="sr-only">{title}</Dialog.Description>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-3">{children}</div>
          {footer ? (
            <div className="flex flex-wrap items-center justify-end gap-2 border-t border-surface-3 px-5 py-4">
              {footer}
            </div>
          ) : null}
          {/* Last in focus order, so opening a dialog focuses its first field or choice rather than Close. */}
          {dismissable ? (
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close" className="absolute top-3 right-3">
                <X aria-hidden="true" className="h-5 w-5" />
              </Button>
            </Dialog.Close>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
