import type { CardProcessor } from "@hearth/contracts";

/** A saved or freshly entered card as the processor describes it (never the number). */
export type CardDetails = { token: string; last4: string; brand: string; exp: string };

export type ChargeRequest = {
  token: string;
  amountCents: number;
  currency: string;
  /** The processor answers a repeated key with the first charge's result instead of charging again. */
  idempotencyKey: string;
  description: string;
  /** The member is at the checkout or portal (a 3-D Secure challenge can be shown). */
  customerPresent: boolean;
  /** The first charge of a new subscription (the card was just entered). */
  initial: boolean;
  /** The member paying (a processor keeps one customer per member, e.g. Stripe's). */
  member?: { id: string; email: string };
  /** confirmChallenge: the open challenge's processor reference (the `reference` its result gave). */
  challengeReference?: string | null;
};

export type ChargeResult =
  | { outcome: "approved"; reference: string }
  | { outcome: "declined"; message: string }
  /** The card needs the customer's 3-D Secure check: show `url` in the frame; confirm after it passes. */
  | { outcome: "challenge"; challengeId: string; url: string; reference?: string };

/**
 * One interface for every card processor: the built-in test processor (the default) now; Stripe
 * (PaymentIntents with the card saved for off-session renewals, the intent's next action as the 3-D
 * Secure frame) slots in behind the same calls.
 */
export type PaymentProcessor = {
  name: CardProcessor;
  /** No real money moves: checkout shows 'Test mode: no real charges'. */
  testMode: boolean;
  /** The hosted card page for the checkout's iframe (the test processor's); null where the web uses an SDK. */
  cardPageUrl: string | null;
  publishableKey: string | null;
  /** The card behind a token from the card page; null for an unknown or unusable token. */
  card(token: string): Promise<CardDetails | null>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Where an open 3-D Secure challenge is shown (the frame's address). */
  challengeUrl(challengeId: string): string;
  /** After the 3-D Secure challenge was passed: completes the charge of the same request. */
  confirmChallenge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * An open challenge's order expired: the processor drops the payment it holds (Stripe cancels the
   * intent), so a check passed later charges nothing. Best effort; the test processor holds nothing.
   */
  abandonChallenge?(challengeReference: string): Promise<void>;
};
