import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { OrderStatus } from "@shared/rules/order-status.js";
import type { AdminOrder, AdminOrderDetail, AdminOrderPage, RiskLevel } from "@shared/schemas/orders.js";
import type { ConfirmationState } from "@shared/rules/confirmation.js";
import type { AdvanceFilter } from "@shared/rules/advance.js";
import type { ManualOrderInput } from "@shared/schemas/stock.js";
import { api } from "@client/lib/api";
import { catalogKeys } from "@client/lib/queries";
import { adminKeys } from "./admin-keys";

export const ORDERS_PAGE_SIZE = 20;

/** The agents' queue filters (WhatsApp confirmation state and risk). */
export interface QueueFilters {
  confirmation?: ConfirmationState;
  risk?: RiskLevel;
  /** `open`: failed delivery attempts with no answer yet (issue 26). */
  issue?: "open";
  /** The Advance filter (decision 027): one status, or `owed`. */
  advance?: AdvanceFilter;
}

export const orderKeys = {
  all: ["/api/orders"] as const,
  page: (status: OrderStatus | undefined, offset: number, filters: QueueFilters = {}) =>
    ["/api/orders", { status: status ?? "all", limit: ORDERS_PAGE_SIZE, offset, ...filters }] as const,
  detail: (id: string) => ["/api/orders", id] as const,
};

/** One page of orders for the admin table, with every status's count for the filter buttons. */
export function useAdminOrders(status: OrderStatus | undefined, offset: number, filters: QueueFilters = {}) {
  const params = new URLSearchParams({ limit: String(ORDERS_PAGE_SIZE), offset: String(offset) });
  if (status) params.set("status", status);
  if (filters.confirmation) params.set("confirmation", filters.confirmation);
  if (filters.risk) params.set("risk", filters.risk);
  if (filters.issue) params.set("issue", filters.issue);
  if (filters.advance) params.set("advance", filters.advance);
  return useQuery({
    queryKey: orderKeys.page(status, offset, filters),
    queryFn: () => api<AdminOrderPage>(`/api/orders?${params}`),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrder(id: string | null) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? ""),
    queryFn: () => api<AdminOrderDetail>(`/api/orders/${id}`),
    enabled: id !== null,
  });
}

export function useUpdateOrderStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: OrderStatus }) =>
      api<AdminOrder>(`/api/orders/${id}`, { method: "PATCH", json: { status } }),
    onSuccess: () => refreshAfterOrderChange(qc),
  });
}

/**
 * Everything an order feeds, read again after any order is placed or changes status: the orders
 * table and order view, the reports and customers (totals depend on statuses), and the stock its
 * status takes or gives back.
 */
export function refreshAfterOrderChange(qc: QueryClient) {
  const fed = [
    orderKeys.all,
    adminKeys.analytics,
    adminKeys.advances,
    adminKeys.customers,
    adminKeys.lowStock,
    catalogKeys.all,
  ];
  return Promise.all(fed.map((queryKey) => qc.invalidateQueries({ queryKey })));
}

/** POST /api/admin/orders: an order taken by hand, then shown in the orders, reports and stock like any other. */
export function useTakeOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ManualOrderInput) =>
      api<AdminOrderDetail>("/api/admin/orders", { method: "POST", json: input }),
    onSuccess: () => refreshAfterOrderChange(qc),
  });
}

export function ordersCsvUrl(status: OrderStatus | undefined): string {
  return status ? `/api/admin/orders.csv?status=${status}` : "/api/admin/orders.csv";
}
