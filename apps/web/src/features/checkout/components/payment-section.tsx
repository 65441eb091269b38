import {
  BILLING_TEXTS,
  type CardFrameMessage,
  cardFrameMessageSchema,
  type OnFile,
  type PurchaseOptions,
  TEST_CARDS,
} from "@hearth/contracts";
import { CreditCard, ExternalLink, FlaskConical } from "lucide-react";
import { useEffect, useRef } from "react";
import { StripeCard, type StripeCardHandle, type StripeCardState } from "../../../components/stripe-card";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { useFrameMessages } from "../hooks/use-frame-messages";
import { providerOptionLabel } from "../lib/provider-page";

type Method = PurchaseOptions["payment_methods"][number];

export type PaymentSectionProps = {
  methods: readonly Method[];
  method: string | null;
  card: PurchaseOptions["card"] | undefined;
  savedCard: OnFile["credit_card"];
  savedCardOrderId: string | null;
  usingSavedCard: boolean;
  validCard: { brand: string; last_4: string; exp: string } | null;
  onChooseMethod: (id: string) => void;
  /** The chosen option of an alternative provider that has options (inwizo, upgate); null otherwise. */
  providerOption: string | null;
  onChooseProviderOption: (option: string) => void;
  onCardChange: (message: CardFrameMessage) => void;
  /** Stripe Elements' card (processor "stripe"): its last change, and its handlers. */
  stripeCard: StripeCardState | null;
  onStripeCardChange: (state: StripeCardState) => void;
  onStripeCardReady: (handle: StripeCardHandle | null) => void;
  onUseSavedCard: (use: boolean) => void;
};

/** The payment method choice (only the configured ones), the hosted card entry or the saved card (spec 2). */
export function PaymentSection(props: PaymentSectionProps) {
  const { methods, method, card, onChooseMethod } = props;
  const chosen = methods.find((m) => m.id === method);
  return (
    <div className="flex flex-col gap-4">
      {card?.test_mode ? <TestModeLabel showTestCards={card.processor === "test"} /> : null}
      {methods.length > 1 ? (
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium text-text-1">Payment method</legend>
          {methods.map((m) => (
            <label
              key={m.id}
              className={cn(
                "flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 text-sm font-medium",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-400",
                method === m.id ? "border-brand-400 bg-brand-500/10" : "border-surface-3 bg-surface-2",
              )}
            >
              <input
                type="radio"
                name="payment-method"
                value={m.id}
                checked={method === m.id}
                onChange={() => onChooseMethod(m.id)}
                className="accent-brand-500"
              />
              {m.name}
            </label>
          ))}
        </fieldset>
      ) : methods[0] ? (
        <p className="flex items-center gap-2 text-sm font-medium text-text-1">
          <CreditCard aria-hidden="true" className="h-4 w-4 text-text-3" />
          Pay by {methods[0].name.toLowerCase()}
        </p>
      ) : (
        <p className="text-sm text-text-2">No payment method is available right now.</p>
      )}
      {method === "card" ? (
        <CardEntry {...props} />
      ) : chosen ? (
        <ProviderChoice
          method={chosen}
          option={props.providerOption}
          onChooseOption={props.onChooseProviderOption}
        />
      ) : null}
    </div>
  );
}

/** An alternative provider (spec 7): its options when it has them; paying continues on its own page. */
function ProviderChoice({
  method,
  option,
  onChooseOption,
}: {
  method: Method;
  option: string | null;
  onChooseOption: (option: string) => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      {method.options.length > 0 ? (
        <fieldset className="flex flex-wrap gap-2">
          <legend className="mb-2 text-sm font-medium text-text-1">Pay with {method.name} by</legend>
          {method.options.map((o) => (
            <label
              key={o}
              className={cn(
                "flex cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-400",
                option === o ? "border-brand-400 bg-brand-500/10" : "border-surface-3 bg-surface-2",
              )}
            >
              <input
                type="radio"
                name="payment-option"
                value={o}
                checked={option === o}
                onChange={() => onChooseOption(o)}
                className="accent-brand-500"
              />
              {providerOptionLabel(o)}
            </label>
          ))}
        </fieldset>
      ) : null}
      <p className="flex items-center gap-2 text-sm text-text-2">
        <ExternalLink aria-hidden="true" className="h-4 w-4 shrink-0 text-text-3" />
        After Pay, you will finish paying on {method.name}'s page.
      </p>
    </div>
  );
}

/** 'Test mode: no real charges'; the built-in processor's test cards are listed for it only (not Stripe's). */
function TestModeLabel({ showTestCards }: { showTestCards: boolean }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-amber-400/40 bg-amber-400/10 px-3.5 py-2.5 text-sm">
      <p className="flex items-center gap-2 font-semibold text-text-1">
        <FlaskConical aria-hidden="true" className="h-4 w-4 text-amber-500" />
        {BILLING_TEXTS.testMode}
      </p>
      {showTestCards ? (
        <details className="text-xs text-text-2">
          <summary className="cursor-pointer rounded focus-visible:outline-2 focus-visible:outline-brand-400">
            Test cards
          </summary>
          <p className="mt-1">Any future expiry date and any 3-digit CVV.</p>
          <ul className="mt-1 flex flex-col gap-0.5">
            {TEST_CARDS.map((testCard) => (
              <li key={testCard.number}>
                <span className="font-mono tabular-nums">{testCard.number}</span>: {testCard.outcome}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function CardEntry({ usingSavedCard, onUseSavedCard, ...cardProps }: PaymentSectionProps) {
  // Change and "Use my saved card" replace the button pressed: the focus follows to what replaced it.
  // (Only after the member's own choice: the saved card starting as a summary leaves the focus alone.)
  const container = useRef<HTMLDivElement>(null);
  const chosen = useRef(false);
  useEffect(() => {
    if (!chosen.current) return;
    chosen.current = false;
    const target = container.current?.querySelector<HTMLElement>(usingSavedCard ? "button" : "iframe");
    target?.focus();
  }, [usingSavedCard]);
  const choose = (use: boolean) => {
    chosen.current = true;
    onUseSavedCard(use);
  };
  return (
    <div ref={container}>
      <CardChoice {...cardProps} usingSavedCard={usingSavedCard} onUseSavedCard={choose} />
    </div>
  );
}

function CardChoice({
  card,
  savedCard,
  savedCardOrderId,
  usingSavedCard,
  validCard,
  onCardChange,
  stripeCard,
  onStripeCardChange,
  onStripeCardReady,
  onUseSavedCard,
}: Omit<
  PaymentSectionProps,
  "methods" | "method" | "onChooseMethod" | "providerOption" | "onChooseProviderOption"
>) {
  if (savedCard && savedCardOrderId && usingSavedCard) {
    return (
      <div className="flex items-center justify-between gap-4 rounded-xl border border-surface-3 bg-surface-2 p-4">
        <div className="flex min-w-0 items-center gap-3">
          <CreditCard aria-hidden="true" className="h-5 w-5 shrink-0 text-text-3" />
          <div className="min-w-0 text-sm">
            <p className="font-semibold text-text-1">
              {savedCard.type} ending in {savedCard.last_4}
            </p>
            {savedCard.exp ? <p className="text-text-2">Expires {savedCard.exp}</p> : null}
          </div>
        </div>
        <Button variant="secondary" size="sm" onClick={() => onUseSavedCard(false)} aria-label="Change card">
          Change
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      {card?.processor === "stripe" && card.publishable_key ? (
        <StripeCard
          publishableKey={card.publishable_key}
          state={stripeCard}
          onChange={onStripeCardChange}
          onReady={onStripeCardReady}
        />
      ) : card?.card_page_url ? (
        <CardFrame src={card.card_page_url} onMessage={onCardChange} />
      ) : (
        <p className="rounded-xl border border-surface-3 bg-surface-2 p-4 text-sm text-text-2">
          Card payments are not available right now.
        </p>
      )}
      <p className="min-h-5 text-xs text-text-3" aria-live="polite">
        {validCard ? `${validCard.brand} ending in ${validCard.last_4} is ready.` : null}
      </p>
      {savedCard && savedCardOrderId ? (
        <button
          type="button"
          className="self-start rounded text-sm font-medium text-link underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-400"
          onClick={() => onUseSavedCard(true)}
        >
          Use my saved {savedCard.type} ending in {savedCard.last_4}
        </button>
      ) : null}
    </div>
  );
}

/** The processor's hosted card page in a frame of our origin; it posts its state (valid with a token). */
function CardFrame({ src, onMessage }: { src: string; onMessage: (message: CardFrameMessage) => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useFrameMessages(frame, cardFrameMessageSchema, onMessage);
  return (
    <iframe
      ref={frame}
      src={src}
      title="Card details"
      className="h-[180px] w-full rounded-xl border border-surface-3 bg-surface-1"
    />
  );
}
