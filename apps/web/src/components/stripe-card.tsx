import { BILLING_TEXTS } from "@hearth/contracts";
import type { StripeCardElement, StripeCardElementChangeEvent } from "@stripe/stripe-js";
import { useEffect, useRef, useState } from "react";
import { cn } from "./ui/cn";

/** What the Card Element's `change` event says: complete, and Stripe's error when the entry is wrong. */
export type StripeCardState = { complete: boolean; error: boolean; brand: string | null };

export type StripeBillingDetails = {
  name: string;
  email: string;
  address: { country: string; state: string; postal_code: string };
};

export type StripePaymentMethodResult = { id: string } | { error: string };

/**
 * The mounted Card Element's submit step: a PaymentMethod (`pm_...`) from the entered card, with the
 * checkout's billing details when there are some (the portal's Change Card has none to give).
 */
export type StripeCardHandle = {
  createPaymentMethod: (billing?: StripeBillingDetails) => Promise<StripePaymentMethodResult>;
};

type Props = {
  publishableKey: string;
  state: StripeCardState | null;
  onChange: (state: StripeCardState) => void;
  onReady: (handle: StripeCardHandle | null) => void;
};

/**
 * Stripe Elements' Card Element (issue 10), shared by the checkout and the portal's Change Card. Stripe.js
 * is imported here, and only here, once this component mounts (the processor is Stripe): the module loads
 * its script on import, so a page without a card entry never fetches it.
 */
export function StripeCard({ publishableKey, state, onChange, onReady }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onChange, onReady });
  callbacks.current = { onChange, onReady };
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    let cancelled = false;
    let element: StripeCardElement | null = null;
    setStatus("loading");
    void (async () => {
      try {
        const { loadStripe } = await import("@stripe/stripe-js");
        const stripe = await loadStripe(publishableKey);
        const target = container.current;
        if (cancelled) return;
        if (!stripe || !target) {
          setStatus("failed");
          return;
        }
        const color = getComputedStyle(target).color || undefined;
        const card = stripe.elements().create("card", {
          hidePostalCode: true,
          style: { base: { color, fontSize: "16px", iconColor: color } },
        });
        element = card;
        card.on("change", (event: StripeCardElementChangeEvent) => {
          callbacks.current.onChange({
            complete: event.complete,
            error: Boolean(event.error),
            brand: event.brand === "unknown" ? null : event.brand,
          });
        });
        card.mount(target);
        setStatus("ready");
        callbacks.current.onReady({
          createPaymentMethod: async (billing) => {
            const result = await stripe.createPaymentMethod(
              billing ? { type: "card", card, billing_details: billing } : { type: "card", card },
            );
            if (result.error) return { error: result.error.message ?? BILLING_TEXTS.invalidCard };
            return { id: result.paymentMethod.id };
          },
        });
      } catch {
        if (!cancelled) setStatus("failed");
      }
    })();
    return () => {
      cancelled = true;
      element?.destroy();
      callbacks.current.onReady(null);
    };
  }, [publishableKey]);

  const invalid = state?.error === true;
  return (
    <div className="flex flex-col gap-2">
      {status === "failed" ? (
        <p role="alert" className="rounded-xl border border-surface-3 bg-surface-2 p-4 text-sm text-text-2">
          Card entry could not be loaded. Reload the page to try again.
        </p>
      ) : null}
      <div
        ref={container}
        data-testid="stripe-card"
        aria-busy={status === "loading"}
        className={cn(
          "rounded-xl border bg-surface-1 px-3.5 py-3.5 text-text-1",
          "focus-within:outline-2 focus-within:outline-brand-400",
          invalid ? "border-danger" : "border-surface-3",
          status === "failed" && "hidden",
        )}
      />
      <p className="min-h-5 text-xs font-medium text-danger" role={invalid ? "alert" : undefined}>
        {invalid ? BILLING_TEXTS.invalidCard : null}
      </p>
    </div>
  );
}
