import { LoveaiPage } from "../features/promotions/components/loveai-page";

/** `/promo/loveai`: the former partner's ended offer (features/promotions). */
export function PromoLoveaiPage() {
  return <LoveaiPage />;
}
