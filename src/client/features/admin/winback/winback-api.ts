import { useQuery } from "@tanstack/react-query";
import type { AbandonedCheckoutsReport, BackInStockDemand, DailyLimitCount } from "@shared/schemas/winback.js";
import { api } from "@client/lib/api";

export const winbackKeys = {
  dailyLimit: ["/api/admin/whatsapp/daily-limit"] as const,
  backInStock: (sort: string) => ["/api/admin/back-in-stock", sort] as const,
  abandoned: ["/api/admin/abandoned-checkouts"] as const,
};

export function useDailyLimit() {
  return useQuery({
    queryKey: winbackKeys.dailyLimit,
    queryFn: () => api<DailyLimitCount>("/api/admin/whatsapp/daily-limit"),
  });
}

export function useBackInStockDemand(sort: string) {
  return useQuery({
    queryKey: winbackKeys.backInStock(sort),
    queryFn: () => api<{ items: BackInStockDemand[] }>(`/api/admin/back-in-stock?sort=${encodeURIComponent(sort)}`),
  });
}

export function useAbandonedCheckouts() {
  return useQuery({
    queryKey: winbackKeys.abandoned,
    queryFn: () => api<AbandonedCheckoutsReport>("/api/admin/abandoned-checkouts"),
  });
}
