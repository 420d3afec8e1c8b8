import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CartItem } from "@shared/schemas/cart.js";
import type { Setting } from "@shared/schemas/settings.js";
import { api } from "@client/lib/api";
import { cartKeys } from "@client/lib/cart/cart-api";
import { queries } from "@client/lib/queries";
import { cartSessionId } from "@client/lib/storage";

/** True when the owner switched abandoned-checkout reminders on (`abandoned_checkout_after_minutes` set). */
export function useRemindersOn(): boolean {
  const { data } = useQuery(queries.settings());
  const value = (data as Setting[] | undefined)?.find((s) => s.key === "abandoned_checkout_after_minutes")?.value;
  // A number-like text may come back as a JSON number (the jsonb column keeps "30" as 30).
  return value !== undefined && value !== null && String(value).trim() !== "";
}

/** POST /api/back-in-stock: the sold-out variant by size and colour (or its id), with the consent given. */
export function useNotifyMe() {
  return useMutation({
    mutationFn: (input: { productId: number; size: string; color: string; variantId?: number; phone: string }) =>
      api<{ subscribed: true }>("/api/back-in-stock", { method: "POST", json: { ...input, consent: true } }),
  });
}

/** POST /api/checkout/abandoned: keeps this browser's cart with the phone, for a reminder. */
export function useSaveCheckout() {
  return useMutation({
    mutationFn: (phone: string) =>
      api<{ saved: true }>("/api/checkout/abandoned", {
        method: "POST",
        json: { sessionId: cartSessionId(), phone, consent: true },
      }),
  });
}

/** POST /api/cart/restore: a reminder's link fills this browser's cart. */
export function useRestoreCart() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api<CartItem[]>("/api/cart/restore", { method: "POST", json: { sessionId: cartSessionId(), token } }),
    onSettled: () => qc.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
