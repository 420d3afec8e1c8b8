import { useQuery } from "@tanstack/react-query";
import type { CustomersReport } from "@shared/schemas/admin.js";
import { adminKeys } from "@client/lib/admin/admin-keys";
import { api } from "@client/lib/api";

/** The Customers tab, computed by the database (customers grouped by normalised phone). */
export function useCustomersReport() {
  return useQuery({ queryKey: adminKeys.customers, queryFn: () => api<CustomersReport>("/api/admin/customers") });
}
