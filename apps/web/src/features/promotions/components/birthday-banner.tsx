import { formatMoney, PROMOTION_TEXTS } from "@hearth/contracts";
import { Cake, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { STORAGE_KEYS, safeStorage } from "../../../lib/storage";
import { useSaleStatus } from "../hooks/use-sale";
import { Countdown } from "./countdown";

/**
 * The birthday banner (spec 2, account spec 2.14): while the sale runs (never on a partner host), a link to
 * /sale with the countdown and the $0.99 price. Dismissing it is remembered in localStorage for this sale
 * (its end), so next year's sale shows it again.
 */
export function BirthdayBanner() {
  const { data: sale } = useSaleStatus();
  const [dismissedFor, setDismissedFor] = useState(() =>
    safeStorage.get(STORAGE_KEYS.birthdayBannerDismissed),
  );
  if (!sale?.active || dismissedFor === sale.ends_at) return null;
  return (
    <section
      aria-label="Birthday sale"
      className="relative bg-gradient-to-r from-fuchsia-700 via-brand-700 to-amber-600 px-12 py-2 text-sm text-white"
    >
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-center gap-x-3 gap-y-1 text-center">
        <Cake aria-hidden="true" className="hidden h-5 w-5 shrink-0 sm:block" />
        <p>
          <span className="font-bold">{PROMOTION_TEXTS.bannerLead}</span> Get a Taste for{" "}
          <span className="font-bold">{formatMoney(sale.banner_price)}</span> your first month.
        </p>
        <span className="rounded-full bg-black/25 px-2.5 py-0.5 text-xs">
          <span className="sr-only">Ends in </span>
          <Countdown endsAt={sale.ends_at} />
        </span>
        <Link
          to="/sale"
          className="rounded-full bg-white px-3 py-0.5 text-xs font-bold text-brand-700 hover:bg-white/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          See the birthday sale
        </Link>
      </div>
      <button
        type="button"
        aria-label="Dismiss birthday banner"
        className="absolute top-1/2 right-2 flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-lg hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
        onClick={() => {
          safeStorage.set(STORAGE_KEYS.birthdayBannerDismissed, sale.ends_at);
          setDismissedFor(sale.ends_at);
        }}
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </section>
  );
}
