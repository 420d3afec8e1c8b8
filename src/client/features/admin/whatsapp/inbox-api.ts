import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type {
  Conversation,
  ConversationList,
  ConversationMessage,
  FailedDeliveries,
  WhatsappPrices,
  WhatsappUsage,
} from "@shared/schemas/whatsapp.js";
import { api } from "@client/lib/api";

export const inboxKeys = {
  all: ["/api/admin/whatsapp/conversations"] as const,
  list: ["/api/admin/whatsapp/conversations", "list"] as const,
  conversation: (phone: string) => ["/api/admin/whatsapp/conversations", phone] as const,
  unread: ["/api/admin/whatsapp/conversations", "unread"] as const,
  usage: ["/api/admin/whatsapp/usage"] as const,
  failedDeliveries: ["/api/admin/whatsapp/failed-deliveries"] as const,
};

export function useConversations() {
  return useQuery({
    queryKey: inboxKeys.list,
    queryFn: () => api<ConversationList>("/api/admin/whatsapp/conversations"),
  });
}

export function useConversation(phone: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: inboxKeys.conversation(phone ?? ""),
    queryFn: async () => {
      const conversation = await api<Conversation>(`/api/admin/whatsapp/conversations/${phone}`);
      // Opening it read it: the list's and the menu's counts change.
      void qc.invalidateQueries({ queryKey: inboxKeys.list });
      void qc.invalidateQueries({ queryKey: inboxKeys.unread });
      return conversation;
    },
    enabled: phone !== null,
  });
}

/** The admin menu's count of unread customer messages. */
export function useUnreadCount() {
  return useQuery({
    queryKey: inboxKeys.unread,
    queryFn: () => api<{ unread: number }>("/api/admin/whatsapp/unread"),
    select: (d) => d.unread,
  });
}

export function useSendReply(phone: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api<ConversationMessage>(`/api/admin/whatsapp/conversations/${phone}/messages`, {
        method: "POST",
        json: { text },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}

/**
 * Keeps the inbox and the menu's count fresh without polling: the server's live `orders` events
 * also tell of messages (a customer's question, a reply's state), and the inbox is read again.
 */
export function useLiveInbox(): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/admin/orders/events", { withCredentials: true });
    source.addEventListener("orders", () => void qc.invalidateQueries({ queryKey: inboxKeys.all }));
    return () => source.close();
  }, [qc]);
}

export function useWhatsappUsage() {
  return useQuery({ queryKey: inboxKeys.usage, queryFn: () => api<WhatsappUsage>("/api/admin/whatsapp/usage") });
}

/** Webhook deliveries the store gave up handling, with their errors (owner). */
export function useFailedDeliveries() {
  return useQuery({
    queryKey: inboxKeys.failedDeliveries,
    queryFn: () => api<FailedDeliveries>("/api/admin/whatsapp/failed-deliveries"),
  });
}

export function useSavePrices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (prices: WhatsappPrices) =>
      api<WhatsappPrices>("/api/admin/whatsapp/prices", { method: "PUT", json: prices }),
    onSuccess: () => qc.invalidateQueries({ queryKey: inboxKeys.usage }),
  });
}
