import { useQuery } from "@tanstack/react-query";
import type { LowStockList, SourceReport } from "@shared/schemas/stock.js";
import { api } from "@client/lib/api";

export const lowStockKey = ["/api/admin/stock/low"] as const;
export const sourceReportKey = ["/api/admin/analytics/sources"] as const;

export function useLowStock() {
  return useQuery({ queryKey: lowStockKey, queryFn: () => api<LowStockList>("/api/admin/stock/low?limit=50") });
}

export function useSourceReport() {
  return useQuery({ queryKey: sourceReportKey, queryFn: () => api<SourceReport>("/api/admin/analytics/sources") });
}
