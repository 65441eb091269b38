/**
 * The alternative payment providers' options (spec 7 and 9): their labels, and leaving for a provider's
 * hosted page.
 */

/** What each provider option (inwizo's and upgate's lists in the contracts) is called to the member. */
const PROVIDER_OPTION_LABELS: Readonly<Record<string, string>> = {
  ecom: "Card (e-commerce)",
  tpay: "T-Pay",
  sbp: "SBP (Faster Payments System)",
  alipay: "Alipay",
  kakao: "Kakao Pay",
  upi: "UPI",
};

export function providerOptionLabel(option: string): string {
  return PROVIDER_OPTION_LABELS[option] ?? option.toUpperCase();
}

/** Sends the browser to the provider's hosted page, which pays and calls the server back. */
export function goToProviderPage(url: string): void {
  window.location.assign(url);
}
