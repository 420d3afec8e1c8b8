import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminOrderDetail } from "@shared/schemas/orders.js";
import type { LowStockList, ManualOrderInput, SourceReport } from "@shared/schemas/stock.js";
import { api } from "@client/lib/api";

export const lowStockKey = ["/api/admin/stock/low"] as const;
export const sourceReportKey = ["/api/admin/analytics/sources"] as const;

export function useLowStock() {
  return useQuery({ queryKey: lowStockKey, queryFn: () => api<LowStockList>("/api/admin/stock/low?limit=50") });
}

export function useSourceReport() {
  return useQuery({ queryKey: sourceReportKey, queryFn: () => api<SourceReport>("/api/admin/analytics/sources") });
}

/** POST /api/admin/orders; the new order then shows in the orders, reports and stock like any other. */
export function useTakeOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ManualOrderInput) =>
      api<AdminOrderDetail>("/api/admin/orders", { method: "POST", json: input }),
    onSuccess: () =>
      Promise.all(
        ["/api/orders", "/api/admin/analytics", "/api/admin/customers", "/api/admin/stock/low", "/api/products"].map(
          (key) => qc.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}
