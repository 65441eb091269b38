import { useQuery } from "@tanstack/react-query";
import { useViewerKey } from "../../../lib/session";
import { fetchSalePage, fetchSaleStatus, fetchShowcase, promotionKeys } from "../api/promotions";

/** Whether the sale runs now; refreshed every few minutes (the banner leaves when it ends). */
export function useSaleStatus() {
  return useQuery({
    queryKey: promotionKeys.saleStatus,
    queryFn: ({ signal }) => fetchSaleStatus(signal),
    staleTime: 5 * 60_000,
    refetchInterval: 5 * 60_000,
    retry: false,
  });
}

export function useSalePage() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: promotionKeys.salePage(viewer),
    queryFn: ({ signal }) => fetchSalePage(signal),
    enabled: viewer !== null,
    retry: false,
  });
}

export function useShowcase() {
  return useQuery({
    queryKey: promotionKeys.showcase,
    queryFn: ({ signal }) => fetchShowcase(signal),
    staleTime: 10 * 60_000,
    retry: false,
  });
}
