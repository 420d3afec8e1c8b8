import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OrderStatus } from "@shared/rules/order-status.js";
import type { AdminOrder } from "@shared/schemas/orders.js";
import type { AdminReturn, DecideReturnInput } from "@shared/schemas/returns.js";
import type { BookOrdersResult, CourierSettings, CourierSettingsInput } from "@shared/schemas/shipping.js";
import { api } from "@client/lib/api";
import { refreshAfterOrderChange } from "../orders/orders-admin-api";

export function labelsUrl(ids: string[], paper: "a6" | "a4"): string {
  return `/api/admin/orders/labels.pdf?ids=${ids.join(",")}&paper=${paper}`;
}

export function useBulkStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, status }: { ids: string[]; status: OrderStatus }) =>
      api<{ changed: number }>("/api/admin/orders", { method: "PATCH", json: { ids, status } }),
    onSuccess: () => refreshAfterOrderChange(qc),
  });
}

export function useBookOrders() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api<BookOrdersResult>("/api/admin/orders/book", { method: "POST", json: { ids } }),
    onSettled: () => refreshAfterOrderChange(qc),
  });
}

export function useSetTracking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, courier, trackingNumber }: { id: string; courier: string; trackingNumber: string }) =>
      api<AdminOrder>(`/api/orders/${id}`, { method: "PATCH", json: { courier, trackingNumber } }),
    onSuccess: () => refreshAfterOrderChange(qc),
  });
}

const courierKey = ["/api/admin/courier-settings"] as const;

export function useCourierSettings() {
  return useQuery({ queryKey: courierKey, queryFn: () => api<CourierSettings>("/api/admin/courier-settings") });
}

export function useSaveCourierSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CourierSettingsInput) =>
      api<CourierSettings>("/api/admin/courier-settings", { method: "PUT", json: input }),
    onSuccess: (saved) => qc.setQueryData(courierKey, saved),
  });
}

export const returnsKey = (status: string) => ["/api/admin/returns", { status }] as const;

export function useAdminReturns(status: string) {
  return useQuery({
    queryKey: returnsKey(status),
    queryFn: () => api<AdminReturn[]>(`/api/admin/returns${status === "all" ? "" : `?status=${status}`}`),
  });
}

export function useDecideReturn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: DecideReturnInput }) =>
      api<AdminReturn>(`/api/admin/returns/${id}`, { method: "PATCH", json: decision }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: ["/api/admin/returns"] }), refreshAfterOrderChange(qc)]),
  });
}
