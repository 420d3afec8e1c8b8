import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EditOrderItemsInput, ItemEditOutcome, Rebooking } from "@shared/schemas/order-edits.js";
import type { AdminOrderDetail } from "@shared/schemas/orders.js";
import { orderKeys, refreshAfterOrderChange } from "@client/lib/admin/orders-api";
import { api } from "@client/lib/api";

/** The order as PATCH /api/admin/orders/{id}/items answers it: what changed, and the courier's booking. */
export type EditedOrder = AdminOrderDetail & { change: ItemEditOutcome; rebooking: Rebooking };

/** The new amounts of the items being edited, priced by the server as the agent changes them. */
export function useItemEditPreview(orderId: string, input: EditOrderItemsInput | null) {
  return useQuery({
    queryKey: [...orderKeys.detail(orderId), "items-preview", input] as const,
    queryFn: () => api<ItemEditOutcome>(`/api/admin/orders/${orderId}/items/preview`, { method: "POST", json: input }),
    enabled: input !== null && input.items.length > 0,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Saves the changed items; the order, the reports and the stock are read again after it. */
export function useEditOrderItems(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: EditOrderItemsInput) =>
      api<EditedOrder>(`/api/admin/orders/${orderId}/items`, { method: "PATCH", json: input }),
    onSettled: () => refreshAfterOrderChange(qc),
  });
}
