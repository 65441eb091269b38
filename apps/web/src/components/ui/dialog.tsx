import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button";
import { cn } from "./cn";

export type DialogProps = {
  open: boolean;
  /** Called with false when the user presses Escape, clicks outside or the close button. */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom (right-aligned, stacked on phones). */
  footer?: ReactNode;
  /** Hides the close button and ignores Escape / outside clicks (a step the user must finish). */
  dismissible?: boolean;
  icon?: ReactNode;
  className?: string;
};

/** Centered modal dialog: focus trapped, labelled by its title, closes on Escape when dismissible. */
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
}: DialogProps) {
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/65 backdrop-blur-sm" />
        <RadixDialog.Content
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-2xl border border-surface-3 bg-surface-1 p-5 shadow-2xl shadow-black/50 outline-none sm:p-6",
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
              <RadixDialog.Title className="text-lg font-bold tracking-tight text-text-1">
                {title}
              </RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-text-2">
                  {description}
                </RadixDialog.Description>
              ) : (
                <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
              )}
            </div>
            {dismissible ? (
              <RadixDialog.Close asChild>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label="Close"
                  className="-mt-1 -mr-2 h-9 w-9 shrink-0"
                >
                  <X aria-hidden="true" className="h-5 w-5" />
                </Button>
              </RadixDialog.Close>
            ) : null}
          </div>
          {children ? <div className="mt-4">{children}</div> : null}
          {footer ? (
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
