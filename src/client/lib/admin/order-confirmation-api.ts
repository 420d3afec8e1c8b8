import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { WhatsappMessage } from "@shared/schemas/whatsapp.js";
import { api } from "@client/lib/api";
import { orderKeys, refreshAfterOrderChange } from "./orders-api";

export const confirmationKeys = {
  messages: (orderId: string) => [...orderKeys.detail(orderId), "messages"] as const,
};

export function useOrderMessages(orderId: string) {
  return useQuery({
    queryKey: confirmationKeys.messages(orderId),
    queryFn: () => api<WhatsappMessage[]>(`/api/admin/orders/${orderId}/messages`),
  });
}

/** Queues the confirmation message again; the order's view and the queue refresh. */
export function useResendConfirmation(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<unknown>(`/api/admin/orders/${orderId}/whatsapp/resend`, { method: "POST" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/**
 * Keeps the admin's orders fresh without polling: the server sends an `orders` event whenever
 * an order is placed or changes (on any app server), and what orders feed is read again.
 */
export function useLiveOrders(): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/admin/orders/events", { withCredentials: true });
    const refresh = () => void refreshAfterOrderChange(qc);
    source.addEventListener("orders", refresh);
    return () => source.close();
  }, [qc]);
}
