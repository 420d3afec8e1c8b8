import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AddToCartInput, CartItem } from "@shared/schemas/cart.js";
import { api } from "@client/lib/api";
import { cartSessionId } from "@client/lib/storage";

export const cartKeys = { all: ["/api/cart"] as const };

const sessionHeaders = () => ({ "X-Session-Id": cartSessionId() });

/** The cart lines of this browser's session; the nav badge counts them. */
export function useCartItems() {
  return useQuery({
    queryKey: cartKeys.all,
    queryFn: () => api<CartItem[]>("/api/cart", { headers: sessionHeaders() }),
  });
}

export function useAddToCart() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (line: Omit<AddToCartInput, "sessionId">) =>
      api<CartItem>("/api/cart", {
        method: "POST",
        json: { ...line, sessionId: cartSessionId() },
        headers: sessionHeaders(),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: cartKeys.all }),
  });
}

export function useUpdateCartItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, quantity }: { id: number; quantity: number }) =>
      api<CartItem>(`/api/cart/${id}`, { method: "PUT", json: { quantity }, headers: sessionHeaders() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: cartKeys.all }),
  });
}

export function useRemoveCartItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<unknown>(`/api/cart/${id}`, { method: "DELETE", headers: sessionHeaders() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
