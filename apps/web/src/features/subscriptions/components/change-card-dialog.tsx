import {
  CARD_FRAME_MESSAGE_TYPE,
  type CardFrameMessage,
  type StickyActionResponse,
  type Subscription,
} from "@hearth/contracts";
import { CreditCard } from "lucide-react";
import { type FormEvent, useState } from "react";
import { usePurchaseOptions } from "../../../api/billing";
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
 * Change Card: the processor's hosted card entry; Update Card is enabled only once a valid card has been
 * entered (spec 5), and sends `change_card` with the card's token.
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
  const { submitting, error, setError, send } = useStickyAction(onChanged);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!card.valid) return;
    void send({ action: "change_card", card_token: card.token, ...stickyIds(subscription) });
  }

  const pageUrl = options.data?.card.card_page_url ?? null;
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
        {card.valid ? `${card.brand} ending in ${card.last_4} is ready.` : ""}
      </p>
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={!card.valid} loading={submitting}>
          Update Card
        </Button>
      </div>
    </form>
  );
}
