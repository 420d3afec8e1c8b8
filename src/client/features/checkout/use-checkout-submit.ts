import type { UseFormReturn } from "react-hook-form";
import { useRef } from "react";
import type { z } from "zod";
import type { CartGroup } from "@client/lib/cart/cart-groups";
import type { CartItem } from "@shared/schemas/cart.js";
import type { checkoutForm, CheckoutForm, PlacedOrder } from "@shared/schemas/orders.js";
import { ApiError } from "@client/lib/api";
import { cartSessionId } from "@client/lib/storage";
import { toast } from "@client/lib/toast";
import { newIdempotencyKey, useClearOrderedLines, usePlaceOrder } from "./checkout-api";
import { formFieldErrors, orderPayload } from "./checkout-items";

const FAILED = "There was an error placing your order. Please try again.";

/** Placing the order from the form: once per attempt however often it is retried, with the server's refusals shown where they belong. */
export function useCheckoutSubmit({
  form,
  groups,
  lines,
  discountCode,
  onPlaced,
}: {
  form: UseFormReturn<CheckoutForm, unknown, z.output<typeof checkoutForm>>;
  groups: CartGroup[];
  lines: CartItem[];
  discountCode: string | null;
  onPlaced: (order: PlacedOrder) => void;
}) {
  const placeOrder = usePlaceOrder();
  const clearOrderedLines = useClearOrderedLines();
  // One key per attempt, reused when the same submission is retried (a lost answer must not make two orders).
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const submit = form.handleSubmit(async (values) => {
    const payload = orderPayload(values, groups, cartSessionId(), discountCode);
    const body = JSON.stringify(payload);
    if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    try {
      const order = await placeOrder.mutateAsync({ payload, idempotencyKey: attempt.current.key });
      attempt.current = null;
      onPlaced(order);
      toast.success("Order Placed Successfully!", {
        description: `Soon our agent will contact you on your WhatsApp number (${payload.customerPhone}) for order confirmation.`,
      });
      await clearOrderedLines(lines.map((l) => l.id));
    } catch (error) {
      showFailure(error);
    }
  });

  function showFailure(error: unknown) {
    if (error instanceof ApiError) {
      const fields = formFieldErrors(error.details);
      fields.forEach(([name, message], i) => form.setError(name, { message }, { shouldFocus: i === 0 }));
      // A 409 names the item that cannot be ordered; a 429 says when to try again; a 422 names
      // the COD rule broken, a 403 (a blocked number) says to message the store.
      if ([403, 409, 422, 429].includes(error.status)) {
        toast.error("Order Failed", { description: error.userMessage });
        return;
      }
    }
    toast.error("Order Failed", { description: FAILED });
  }

  return { submit, placing: placeOrder.isPending };
}
