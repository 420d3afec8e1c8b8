import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PlacedOrder } from "@shared/schemas/orders.js";
import { cartKeys } from "@client/lib/cart/cart-api";
import { api } from "@client/lib/api";
import { myOrdersKey } from "@client/lib/queries";
import { randomUuid } from "@client/lib/random-uuid";
import { cartSessionId } from "@client/lib/storage";
import type { OrderPayload } from "./checkout-items";

/**
 * The cities the store's couriers deliver to, suggested as the shopper types the city (free text is
 * still taken). None while they load, or when no courier is connected.
 */
export function useServedCities(): string[] {
  const { data } = useQuery({
    queryKey: ["/api/checkout/cities"] as const,
    queryFn: ({ signal }) => api<{ cities: string[] }>("/api/checkout/cities", { signal }),
    staleTime: 60 * 60_000,
    retry: false,
  });
  return data?.cities ?? [];
}

export function usePlaceOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, idempotencyKey }: { payload: OrderPayload; idempotencyKey: string }) =>
      api<PlacedOrder>("/api/orders", {
        method: "POST",
        json: payload,
        headers: { "Idempotency-Key": idempotencyKey, "X-Session-Id": cartSessionId() },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: myOrdersKey }),
  });
}

/** After an order its cart lines go; a line that cannot be removed is only logged (spec §8). */
export function useClearOrderedLines() {
  const qc = useQueryClient();
  return async (lineIds: readonly number[]) => {
    await Promise.all(
      lineIds.map((id) =>
        api(`/api/cart/${id}`, { method: "DELETE", headers: { "X-Session-Id": cartSessionId() } }).catch(
          (error: unknown) => console.error(`Could not remove cart line ${id} after the order`, error),
        ),
      ),
    );
    await qc.invalidateQueries({ queryKey: cartKeys.all });
  };
}

/** A fresh key per checkout attempt. */
export const newIdempotencyKey = randomUuid;
