import { SalePage as SaleFeaturePage } from "../features/promotions/components/sale-page";

/** `/sale`: the birthday sale while it runs; /not-found otherwise (features/promotions). */
export function SalePage() {
  return <SaleFeaturePage />;
}
