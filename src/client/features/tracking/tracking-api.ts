import { useMutation } from "@tanstack/react-query";
import type { TrackedOrder } from "@shared/schemas/orders.js";
import { api } from "@client/lib/api";
import { cartSessionId } from "@client/lib/storage";

export interface TrackQuery {
  phone: string;
  name?: string;
  city?: string;
  /** Shows that order in full: its number and the whole name (decision 013). */
  orderNumber?: string;
}

/** POST /api/orders/track: the server matches the phone (and optional name and city) and sorts. */
export function useTrackOrders() {
  return useMutation({
    mutationFn: (query: TrackQuery) => api<TrackedOrder[]>("/api/orders/track", { method: "POST", json: query }),
  });
}

/** A shopper may only cancel a pending order, proving it is theirs with the phone number. */
export function useCancelOrder() {
  return useMutation({
    mutationFn: ({ id, phone }: { id: string; phone: string }) =>
      api<unknown>(`/api/orders/${id}`, {
        method: "PATCH",
        json: { status: "cancelled", phone },
        headers: { "X-Session-Id": cartSessionId() },
      }),
  });
}

/** Only the fields a person filled in travel (the server treats absent filters as 'any'). */
export function trackQuery(phone: string, name: string, city: string, orderNumber = ""): TrackQuery {
  return {
    phone: phone.trim(),
    ...(name.trim() ? { name: name.trim() } : {}),
    ...(city.trim() ? { city: city.trim() } : {}),
    ...(orderNumber.trim() ? { orderNumber: orderNumber.trim() } : {}),
  };
}
