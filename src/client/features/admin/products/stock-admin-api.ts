import { useQuery } from "@tanstack/react-query";
import type { LowStockList } from "@shared/schemas/stock.js";
import { adminKeys } from "@client/lib/admin/admin-keys";
import { api } from "@client/lib/api";

export function useLowStock() {
  return useQuery({ queryKey: adminKeys.lowStock, queryFn: () => api<LowStockList>("/api/admin/stock/low?limit=50") });
}
