import { type NewOrderResponse, threeDsFrameMessageSchema } from "@hearth/contracts";
import * as RadixDialog from "@radix-ui/react-dialog";
import { ShieldCheck, X } from "lucide-react";
import { useRef } from "react";
import { Button } from "../../../components/ui/button";
import { useFrameMessages } from "../hooks/use-frame-messages";

/**
 * The 3-D Secure frame (spec 2 and 4): the processor's challenge page in a dialog. It reports success (the
 * purchase completes) or failure with an error_message. The focus moves into the dialog on open and, on
 * close, to `returnFocus` (the error under the summary, or the pay button), since the element that opened
 * it may be disabled by then.
 */
export function ThreeDsDialog({
  url,
  onFinished,
  onDismiss,
  returnFocus,
}: {
  url: string | null;
  onFinished: (status: "success" | "failure", order: NewOrderResponse) => void;
  onDismiss: () => void;
  returnFocus: () => HTMLElement | null;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  useFrameMessages(
    frame,
    threeDsFrameMessageSchema,
    (message) => onFinished(message.status, message.order),
    url !== null,
  );
  return (
    <RadixDialog.Root open={url !== null} onOpenChange={(open) => (open ? undefined : onDismiss())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/65 backdrop-blur-sm" />
        <RadixDialog.Content
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            frame.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocus();
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-2xl border border-surface-3 bg-surface-1 p-5 shadow-2xl shadow-black/50 outline-none sm:p-6"
        >
          <div className="flex items-start gap-3">
            <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-link ring-1 ring-surface-3">
              <ShieldCheck aria-hidden="true" className="h-5 w-5" />
            </div>
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="text-lg font-bold tracking-tight text-text-1">
                Confirm your payment
              </RadixDialog.Title>
              <RadixDialog.Description className="mt-1 text-sm text-text-2">
                Your card issuer asks you to confirm this payment. Nothing is charged until you do.
              </RadixDialog.Description>
            </div>
            <RadixDialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close" className="-mt-1 -mr-2 h-9 w-9 shrink-0">
                <X aria-hidden="true" className="h-5 w-5" />
              </Button>
            </RadixDialog.Close>
          </div>
          {url ? (
            <iframe
              ref={frame}
              src={url}
              title="3-D Secure check"
              className="mt-4 h-[320px] w-full rounded-xl border border-surface-3 bg-surface-1"
            />
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
