import { EasterPage } from "../features/promotions/components/easter-page";

/** `/easter-giveaway`: the Easter code for subscribers (features/promotions). */
export function EasterGiveawayPage() {
  return <EasterPage />;
}
