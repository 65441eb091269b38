import {
  CARD_FRAME_MESSAGE_TYPE,
  type CardFrameMessage,
  type StickyActionResponse,
  type Subscription,
} from "@hearth/contracts";
import { CreditCard } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { usePurchaseOptions } from "../../../api/billing";
import { StripeCard, type StripeCardHandle, type StripeCardState } from "../../../components/stripe-card";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { useStickyAction } from "../hooks/use-sticky-action";
import { stickyIds } from "../lib/portal";
import { CardFrame } from "./card-frame";

export const CARD_CHANGE_UNAVAILABLE_TEXT =
  "Card changes aren't available from this page with this server's card processor.";

/**
 * Change Card: the processor's card entry (the test processor's hosted page, or Stripe's Card Element);
 * Update Card is enabled only once a valid card has been entered (spec 5), and sends `change_card` with the
 * card's token (with Stripe, the PaymentMethod made from the element on Update Card).
 */
export function ChangeCardDialog({
  subscription,
  open,
  onOpenChange,
  onChanged,
}: {
  subscription: Subscription;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChanged: (response: StickyActionResponse) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      icon={<CreditCard aria-hidden="true" className="h-5 w-5" />}
      title="Change card"
      description="Your new card is used for your next payments."
    >
      <ChangeCardForm
        subscription={subscription}
        onCancel={() => onOpenChange(false)}
        onChanged={onChanged}
      />
    </Dialog>
  );
}

function ChangeCardForm({
  subscription,
  onCancel,
  onChanged,
}: {
  subscription: Subscription;
  onCancel: () => void;
  onChanged: (response: StickyActionResponse) => void;
}) {
  const options = usePurchaseOptions();
  const [card, setCard] = useState<CardFrameMessage>({
    type: CARD_FRAME_MESSAGE_TYPE,
    valid: false,
  });
  const [stripeCard, setStripeCard] = useState<StripeCardState | null>(null);
  const [stripeReady, setStripeReady] = useState(false);
  const stripeHandle = useRef<StripeCardHandle | null>(null);
  const [creating, setCreating] = useState(false);
  const creatingRef = useRef(false);
  const { submitting, error, setError, send } = useStickyAction(onChanged);

  const processor = options.data?.card;
  const publishableKey = processor?.processor === "stripe" ? processor.publishable_key : null;
  const pageUrl = publishableKey ? null : (processor?.card_page_url ?? null);
  const stripeValid = stripeReady && stripeCard?.complete === true && !stripeCard.error;
  const valid = publishableKey ? stripeValid : card.valid;
  const busy = submitting || creating;

  async function submitStripe() {
    const handle = stripeHandle.current;
    if (!handle || creatingRef.current) return;
    creatingRef.current = true;
    setCreating(true);
    setError(null);
    try {
      const result = await handle.createPaymentMethod();
      if ("error" in result) setError(result.error);
      else await send({ action: "change_card", card_token: result.id, ...stickyIds(subscription) });
    } catch (e) {
      setError(e instanceof Error ? e.message : "Uh oh, something went wrong");
    } finally {
      creatingRef.current = false;
      setCreating(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || busy) return;
    if (publishableKey) {
      void submitStripe();
      return;
    }
    if (!card.valid) return;
    void send({ action: "change_card", card_token: card.token, ...stickyIds(subscription) });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {options.isPending ? (
        <div className="flex h-52 items-center justify-center">
          <Spinner label="Loading the card form" />
        </div>
      ) : options.error ? (
        <Alert>
          We couldn't load the card form. {options.error.message}{" "}
          <button
            type="button"
            className="font-semibold text-link underline underline-offset-4"
            onClick={() => void options.refetch()}
          >
            Retry
          </button>
        </Alert>
      ) : publishableKey ? (
        <fieldset className="min-w-0">
          <legend className="mb-2 text-sm font-medium text-text-1">Card details</legend>
          <StripeCard
            publishableKey={publishableKey}
            state={stripeCard}
            onChange={(next) => {
              setStripeCard(next);
              setError(null);
            }}
            onReady={(handle) => {
              stripeHandle.current = handle;
              setStripeReady(handle !== null);
              if (!handle) setStripeCard(null);
            }}
          />
        </fieldset>
      ) : pageUrl ? (
        <CardFrame
          src={pageUrl}
          onChange={(message) => {
            setCard(message);
            setError(null);
          }}
        />
      ) : (
        <p className="rounded-xl border border-surface-3 bg-surface-2/60 p-3.5 text-sm text-text-1">
          {CARD_CHANGE_UNAVAILABLE_TEXT}
        </p>
      )}
      <p aria-live="polite" className="text-sm text-text-2">
        {publishableKey
          ? stripeValid
            ? `${brandName(stripeCard?.brand ?? null)} is ready.`
            : ""
          : card.valid
            ? `${card.brand} ending in ${card.last_4} is ready.`
            : ""}
      </p>
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={!valid} loading={busy}>
          Update Card
        </Button>
      </div>
    </form>
  );
}

/** "Your Visa card" from Stripe's brand code ("visa", "mastercard", "amex"...). */
function brandName(brand: string | null): string {
  if (!brand) return "Your card";
  const names: Record<string, string> = {
    amex: "American Express",
    mastercard: "Mastercard",
    diners: "Diners Club",
  };
  return `Your ${names[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1)} card`;
}
