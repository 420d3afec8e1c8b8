import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Analytics } from "@shared/schemas/admin.js";
import type { SourceReport } from "@shared/schemas/stock.js";
import { adminKeys } from "@client/lib/admin/admin-keys";
import { api } from "@client/lib/api";

export const analyticsKeys = {
  period: (year: number, month: number) => [...adminKeys.analytics, { year, month }] as const,
  /** Not under the analytics root: an order change does not read the sources again. */
  sources: ["/api/admin/analytics/sources"] as const,
};

export function currentPeriod(now = new Date()): { year: number; month: number } {
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

/** Everything the Overview shows, computed by the database for the chosen year and month. */
export function useAnalytics(year: number, month: number) {
  return useQuery({
    queryKey: analyticsKeys.period(year, month),
    queryFn: () => api<Analytics>(`/api/admin/analytics?year=${year}&month=${month}`),
    // Switching the year keeps the old charts on screen until the new figures arrive.
    placeholderData: keepPreviousData,
  });
}

export function useSourceReport() {
  return useQuery({
    queryKey: analyticsKeys.sources,
    queryFn: () => api<SourceReport>("/api/admin/analytics/sources"),
  });
}
