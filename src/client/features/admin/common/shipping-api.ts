import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OrderStatus } from "@shared/rules/order-status.js";
import type { AdminOrder } from "@shared/schemas/orders.js";
import type { AdminReturn, DecideReturnInput } from "@shared/schemas/returns.js";
import type {
  CourierId,
  DeliveryIssueInput,
  EnabledCourier,
  FollowUpResult,
  PostexSettings,
  PostexSettingsInput,
} from "@shared/schemas/couriers.js";
import type { BookOrdersResult, CourierSettings, CourierSettingsInput } from "@shared/schemas/shipping.js";
import { api } from "@client/lib/api";
import { refreshAfterOrderChange } from "./orders-admin-api";

const couriersKey = ["/api/admin/couriers"] as const;

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
  return useQuery({ queryKey: couriersKey, queryFn: () => api<EnabledCourier[]>("/api/admin/couriers") });
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

const postexKey = ["/api/admin/couriers/postex"] as const;

export function usePostexSettings() {
  return useQuery({ queryKey: postexKey, queryFn: () => api<PostexSettings>("/api/admin/couriers/postex") });
}

export function useSavePostexSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PostexSettingsInput) =>
      api<PostexSettings>("/api/admin/couriers/postex", { method: "PUT", json: input }),
    onSuccess: (saved) =>
      Promise.all([qc.setQueryData(postexKey, saved), qc.invalidateQueries({ queryKey: couriersKey })]),
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
    onSuccess: (saved) =>
      Promise.all([qc.setQueryData(courierKey, saved), qc.invalidateQueries({ queryKey: couriersKey })]),
  });
}

export const returnsKeys = {
  all: ["/api/admin/returns"] as const,
  status: (status: string) => ["/api/admin/returns", { status }] as const,
};

export function useAdminReturns(status: string) {
  return useQuery({
    queryKey: returnsKeys.status(status),
    queryFn: () => api<AdminReturn[]>(`/api/admin/returns${status === "all" ? "" : `?status=${status}`}`),
  });
}

export function useDecideReturn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: DecideReturnInput }) =>
      api<AdminReturn>(`/api/admin/returns/${id}`, { method: "PATCH", json: decision }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: returnsKeys.all }), refreshAfterOrderChange(qc)]),
  });
}
