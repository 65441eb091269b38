import { formatMoney, LOVEAI_OFFER, PLANS, PROMOTION_TEXTS } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { CalendarX2, Heart } from "lucide-react";
import { ButtonLink } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { fetchLoveaiPromo, promotionKeys } from "../api/promotions";

/**
 * The former partner's promotion (spec 2, /promo/loveai): $10 per month (33% off) with a 14-day free trial
 * until December 31st 2023. The offer has ended: the page says so and sends members to today's plans (the
 * server refuses the offer at checkout too).
 */
export function LoveaiPage() {
  const promo = useQuery({
    queryKey: promotionKeys.loveai,
    queryFn: ({ signal }) => fetchLoveaiPromo(signal),
  });
  // Until the server answers, the page shows the offer as ended (it ended in 2023).
  const ended = promo.data?.ended ?? true;
  const price = promo.data?.price ?? LOVEAI_OFFER.priceCents;
  const plan = PLANS[LOVEAI_OFFER.planId];
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-12 sm:py-16">
      <div className="text-center">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-500/15 text-brand-400">
          <Heart aria-hidden="true" className="h-7 w-7" />
        </span>
        <h1 className="mt-4 text-3xl font-black tracking-tight text-text-1 sm:text-4xl">
          Welcome, LoveAI users
        </h1>
        <p className="mt-3 text-text-2">
          A special offer for members joining from LoveAI: {plan.name} for {formatMoney(price)} per month (
          {LOVEAI_OFFER.percentOff}% off) with a {LOVEAI_OFFER.trialDays}-day free trial, offer until{" "}
          {LOVEAI_OFFER.endsLabel}.
        </p>
      </div>
      <Card className="flex flex-col items-center gap-4 text-center">
        {promo.isPending ? <Spinner label="Checking the offer" /> : null}
        {ended ? (
          <>
            <CalendarX2 aria-hidden="true" className="h-8 w-8 text-text-3" />
            <p role="status" className="text-lg font-bold text-text-1">
              {PROMOTION_TEXTS.loveaiEnded}
            </p>
            <p className="text-sm text-text-2">
              It can no longer be bought. Today's plans are waiting for you.
            </p>
            <ButtonLink to="/subscribe" size="lg">
              See today's plans
            </ButtonLink>
          </>
        ) : (
          <>
            <p className="text-4xl font-black text-text-1">
              {formatMoney(price)}
              <span className="text-base font-semibold text-text-2"> / month</span>
            </p>
            <ButtonLink to={`/checkout?plan_id=${LOVEAI_OFFER.planId}&o_id=${LOVEAI_OFFER.id}`} size="lg">
              Claim the offer
            </ButtonLink>
          </>
        )}
      </Card>
    </div>
  );
}
