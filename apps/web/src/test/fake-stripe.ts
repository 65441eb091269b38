import type { PurchaseOptions } from "@hearth/contracts";
import { act } from "@testing-library/react";
import { vi } from "vitest";

type ChangeEvent = { complete: boolean; error?: { message: string }; brand?: string };

/**
 * A stand-in for Stripe.js (the tests mock `@stripe/stripe-js`'s loadStripe to answer it): one Card
 * Element whose `change` events the tests send, and createPaymentMethod answering `paymentMethodId`.
 */
export function fakeStripe(paymentMethodId: string) {
  let onChange: ((event: ChangeEvent) => void) | null = null;
  const element = {
    on: vi.fn((event: string, handler: (event: ChangeEvent) => void) => {
      if (event === "change") onChange = handler;
      return element;
    }),
    mount: vi.fn(),
    destroy: vi.fn(),
  };
  const create = vi.fn(() => element);
  const createPaymentMethod = vi.fn(
    async (): Promise<{ paymentMethod?: { id: string }; error?: { message: string } }> => ({
      paymentMethod: { id: paymentMethodId },
    }),
  );
  const stripe = { elements: vi.fn(() => ({ create })), createPaymentMethod };
  const change = (event: ChangeEvent) => {
    act(() => {
      onChange?.({ brand: "visa", ...event });
    });
  };
  return { stripe, element, create, createPaymentMethod, change };
}

/** Purchase options naming the Stripe processor. */
export const STRIPE_PURCHASE_OPTIONS: PurchaseOptions = {
  default_plan_id: "basic_1m",
  payment_methods: [{ id: "card", name: "Card", options: [] }],
  card: { processor: "stripe", test_mode: false, card_page_url: null, publishable_key: "pk_test_hearth" },
};
