import {
  type BillingFrequency,
  CRYPTO_PAYMENT_METHOD,
  CRYPTO_PLANS,
  formatMoney,
  type PaidRole,
  type PlanId,
  type PurchaseOptions,
  planIdFor,
} from "@hearth/contracts";

/** The payment method ids that mean crypto (the spec's provider list names coinpayments). */
const CRYPTO_METHOD_IDS: readonly string[] = ["coinpayments", "crypto"];

/** Whether the server offers a crypto payment method at checkout. */
export function cryptoConfigured(options: PurchaseOptions | undefined): boolean {
  return Boolean(
    options?.payment_methods.some((method) => {
      const id: string = method.id;
      return CRYPTO_METHOD_IDS.includes(id);
    }),
  );
}

/**
 * Checkout for a crypto option: the plan with the coinpayments method chosen, which checkout prices at
 * the crypto list's prices (so the shown price is the checkout's subtotal before tax).
 */
export function cryptoCheckoutHref(planId: PlanId): string {
  return `/checkout?plan_id=${encodeURIComponent(planId)}&method=${CRYPTO_PAYMENT_METHOD}`;
}

export type CryptoOption = { frequency: BillingFrequency; planId: PlanId; price: string };
export type CryptoTier = { role: PaidRole; name: string; options: CryptoOption[] };

/** The crypto page's list (spec 2 and 9): annual first, and a monthly option only where one exists. */
export function cryptoTiers(): CryptoTier[] {
  return CRYPTO_PLANS.map((plan) => {
    const options: CryptoOption[] = [];
    if (plan.annual !== null) {
      options.push({
        frequency: "annual",
        planId: planIdFor(plan.role, "annual"),
        price: formatMoney(plan.annual),
      });
    }
    if (plan.monthly !== null) {
      options.push({
        frequency: "monthly",
        planId: planIdFor(plan.role, "monthly"),
        price: formatMoney(plan.monthly),
      });
    }
    return { role: plan.role, name: plan.name, options };
  });
}
