import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Quote, QuoteInput } from "@shared/schemas/checkout.js";
import { api } from "@client/lib/api";
import { cartSessionId } from "@client/lib/storage";
import { variantRef } from "@client/lib/variant-text";

/** What the cart asks the server to price: each line's product, choice and quantity. */
export interface QuoteGroup {
  first: { productId: number; size: string; color: string; variantId?: number | null };
  quantity: number;
}

/** A value that settles: the latest one once it has not changed for `ms`. */
export function useDebounced<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The server's price of these lines (POST /api/checkout/quote): subtotal, discount, delivery, COD
 * fee and total. The browser never computes money; it shows this answer (decision 022).
 */
export function useQuote(
  groups: readonly QuoteGroup[],
  { city, discountCode, phone }: { city?: string; discountCode?: string | null; phone?: string } = {},
) {
  const body: QuoteInput = {
    items: groups.map((g) => ({
      productId: g.first.productId,
      ...variantRef(g.first),
      quantity: g.quantity,
      size: g.first.size,
      color: g.first.color,
    })),
    city: city?.trim() || null,
    discountCode: discountCode || null,
    customerPhone: phone?.trim() || null,
  };
  return useQuery({
    queryKey: ["/api/checkout/quote", body],
    // The cart session lets the server say whether this session's own phone number used the code.
    queryFn: ({ signal }) =>
      api<Quote>("/api/checkout/quote", {
        method: "POST",
        json: body,
        signal,
        headers: { "X-Session-Id": cartSessionId() },
      }),
    enabled: groups.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
