import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OrderStatus } from "@shared/rules/order-status.js";
import type { AdminOrder } from "@shared/schemas/orders.js";
import type { CourierId, DeliveryIssueInput, EnabledCourier, FollowUpResult } from "@shared/schemas/couriers.js";
import type { BookOrdersResult } from "@shared/schemas/shipping.js";
import { adminKeys } from "@client/lib/admin/admin-keys";
import { refreshAfterOrderChange } from "@client/lib/admin/orders-api";
import { api } from "@client/lib/api";

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
    mutationFn: ({ ids, courier }: { ids: string[]; courier?: CourierId }) =>
      api<BookOrdersResult>("/api/admin/orders/book", { method: "POST", json: { ids, courier } }),
    onSettled: () => refreshAfterOrderChange(qc),
  });
}

/** The couriers switched on, for the booking's choice. */
export function useEnabledCouriers() {
  return useQuery({ queryKey: adminKeys.couriers, queryFn: () => api<EnabledCourier[]>("/api/admin/couriers") });
}

export function useFollowUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<FollowUpResult>("/api/admin/couriers/follow-up", { method: "POST" }),
    onSettled: () => refreshAfterOrderChange(qc),
  });
}

export function useCancelBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ cancelled: true }>(`/api/admin/orders/${id}/cancel-booking`, { method: "POST" }),
    onSettled: () => refreshAfterOrderChange(qc),
  });
}

export function useResolveDeliveryIssue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: DeliveryIssueInput }) =>
      api<{ resolved: true }>(`/api/admin/orders/${id}/delivery-issue`, { method: "PATCH", json: input }),
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
