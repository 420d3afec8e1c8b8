import { useQuery } from "@tanstack/react-query";
import type { CustomersReport } from "@shared/schemas/admin.js";
import { api } from "@client/lib/api";

export const customersKey = ["/api/admin/customers"] as const;

/** The Customers tab, computed by the database (customers grouped by normalised phone). */
export function useCustomersReport() {
  return useQuery({ queryKey: customersKey, queryFn: () => api<CustomersReport>("/api/admin/customers") });
}
