import { ArrowLeft, Bitcoin, Info, LogIn } from "lucide-react";
import { Link, useLocation } from "react-router";
import { usePurchaseOptions } from "../../../api/billing";
import { Button, ButtonLink } from "../../../components/ui/button";
import { loginPathFor } from "../../../lib/redirect";
import { useSession } from "../../../lib/session";
import { type CryptoOption, cryptoCheckoutHref, cryptoConfigured, cryptoTiers } from "../lib/crypto";
import { FREQUENCY_LABELS } from "../lib/plans";
import { RetryButton } from "./retry-button";

export const CRYPTO_UNAVAILABLE_TEXT =
  "Crypto payments are not available on this server. You can subscribe with a card instead.";

type Availability = "signed-out" | "loading" | "available" | "unavailable" | "error";

/**
 * `/subscribe-crypto` (public): the crypto list (spec 2 and 9) with a payment link per option, which goes
 * to checkout when the server offers a crypto method, and a link back to the subscribe page.
 */
export function SubscribeCryptoPage() {
  const { status } = useSession();
  const location = useLocation();
  const member = status === "member";
  const options = usePurchaseOptions(member);
  const availability: Availability =
    status === "loading"
      ? "loading"
      : !member
        ? "signed-out"
        : options.isPending
          ? "loading"
          : options.error
            ? "error"
            : cryptoConfigured(options.data)
              ? "available"
              : "unavailable";

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 pt-8 pb-16 sm:px-6">
      <header className="mx-auto flex max-w-2xl flex-col items-center gap-3 text-center">
        <span
          aria-hidden="true"
          className="flex h-12 w-12 items-center justify-center rounded-2xl bg-surface-2 text-link ring-1 ring-surface-3"
        >
          <Bitcoin className="h-6 w-6" />
        </span>
        <h1 className="text-3xl font-extrabold tracking-tight text-text-1 sm:text-4xl">
          Subscribe with crypto
        </h1>
        <p className="text-base text-text-2">
          Pay for your plan in cryptocurrency. Prices shown before taxes.
        </p>
      </header>

      {availability === "unavailable" ? (
        <p
          role="status"
          className="mx-auto flex w-full max-w-3xl items-start gap-2 rounded-2xl border border-surface-3 bg-surface-1 p-4 text-sm text-text-1"
        >
          <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-link" />
          {CRYPTO_UNAVAILABLE_TEXT}
        </p>
      ) : null}
      {availability === "error" ? (
        <div
          role="alert"
          className="mx-auto flex w-full max-w-3xl flex-col items-start gap-3 rounded-2xl border border-danger/40 bg-danger/10 p-4 text-sm text-text-1 sm:flex-row sm:items-center"
        >
          <p className="flex-1">We couldn't check the payment methods. {options.error?.message}</p>
          <RetryButton query={options} />
        </div>
      ) : null}

      <ul className="grid gap-5 md:grid-cols-3">
        {cryptoTiers().map((tier) => (
          <li
            key={tier.role}
            className="flex flex-col gap-4 rounded-3xl border border-surface-3 bg-surface-1 p-5 shadow-xl shadow-black/10 sm:p-6"
          >
            <h2 className="text-lg font-bold text-text-1">{tier.name}</h2>
            <ul className="flex flex-col gap-3">
              {tier.options.map((option) => (
                <li
                  key={option.frequency}
                  className="flex flex-col gap-3 rounded-2xl border border-surface-3 bg-surface-2/50 p-4"
                >
                  <div className="flex items-baseline justify-between gap-2">
                    <span className="text-sm font-semibold text-text-2">
                      {FREQUENCY_LABELS[option.frequency]}
                    </span>
                    <span className="text-2xl font-extrabold tracking-tight text-text-1">
                      {option.price}
                      <span className="text-sm font-medium text-text-2">
                        {option.frequency === "annual" ? "/year" : "/month"}
                      </span>
                    </span>
                  </div>
                  <PayLink
                    option={option}
                    tierName={tier.name}
                    availability={availability}
                    loginPath={loginPathFor(location.pathname)}
                  />
                </li>
              ))}
            </ul>
            {tier.options.every((option) => option.frequency !== "monthly") ? (
              <p className="text-xs text-text-3">Annual only with crypto.</p>
            ) : null}
          </li>
        ))}
      </ul>

      <div className="flex flex-col items-center gap-2 text-center">
        <Link
          to="/subscribe"
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-link underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back to the subscribe page
        </Link>
      </div>
    </div>
  );
}

function PayLink({
  option,
  tierName,
  availability,
  loginPath,
}: {
  option: CryptoOption;
  tierName: string;
  availability: Availability;
  loginPath: string;
}) {
  const label = `${FREQUENCY_LABELS[option.frequency]} ${tierName}`;
  switch (availability) {
    case "available":
      return (
        <ButtonLink
          to={cryptoCheckoutHref(option.planId)}
          className="w-full"
          aria-label={`Pay with crypto: ${label}`}
        >
          Pay with crypto
        </ButtonLink>
      );
    case "signed-out":
      return (
        <ButtonLink
          to={loginPath}
          variant="secondary"
          className="w-full"
          aria-label={`Sign in to pay: ${label}`}
        >
          <LogIn aria-hidden="true" className="h-4 w-4" />
          Sign in to pay
        </ButtonLink>
      );
    case "loading":
      return (
        <Button variant="secondary" className="w-full" loading aria-label={`Pay with crypto: ${label}`}>
          Pay with crypto
        </Button>
      );
    case "error":
      return (
        <Button variant="secondary" className="w-full" disabled aria-label={`Pay with crypto: ${label}`}>
          Pay with crypto
        </Button>
      );
    case "unavailable":
      return <p className="py-1 text-center text-xs text-text-3">Not available on this server</p>;
  }
}
