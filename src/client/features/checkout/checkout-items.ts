import { z } from "zod";
import { cartItem, type CartItem } from "@shared/schemas/cart.js";
import type { CheckoutForm, PlaceOrderInput } from "@shared/schemas/orders.js";

/** The cart's 'items' query parameter (JSON list of cart lines); null when absent or unreadable. */
export function parseItemsParam(value: string | null): CartItem[] | null {
  if (!value) return null;
  try {
    const parsed = z.array(cartItem).safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Lines passed from the cart, with the cart's current data. Lines no longer in the cart are
 * dropped: going Back to a finished checkout must not offer the same order again. Without a
 * readable cart the passed lines are used as they are.
 */
export function checkoutLines(fromParam: CartItem[] | null, cart: readonly CartItem[] | undefined): CartItem[] {
  if (!fromParam) return [...(cart ?? [])];
  if (!cart) return fromParam;
  return fromParam.flatMap((line) => cart.filter((c) => c.id === line.id));
}

/** The spec says customerEmail is omitted when empty. */
export type OrderPayload = Omit<PlaceOrderInput, "customerEmail"> & { customerEmail?: string };

/**
 * The spec's POST /api/orders payload with the discount code, and no subtotal or total: the server
 * prices every order (decision 022), so the browser sends no amount it would have to trust.
 */
export function orderPayload(
  form: CheckoutForm,
  groups: readonly { first: CartItem; quantity: number; unitPrice: number; lineTotal: number }[],
  sessionId: string,
  discountCode: string | null = null,
): OrderPayload {
  const email = typeof form.email === "string" ? form.email.trim() : "";
  return {
    customerName: `${form.firstName.trim()} ${form.lastName.trim()}`,
    customerPhone: form.phone.trim(),
    ...(email ? { customerEmail: email } : {}),
    shippingAddress: form.address.trim(),
    city: form.city.trim(),
    postalCode: form.postalCode?.trim() ?? "",
    specialInstructions: form.specialInstructions?.trim() ?? "",
    items: groups.map((g) => ({
      productId: g.first.productId,
      productName: g.first.product.name,
      quantity: g.quantity,
      size: g.first.size,
      color: g.first.color,
      price: g.unitPrice,
      selectedImage: g.first.selectedImage,
    })),
    paymentMethod: "cod",
    sessionId,
    ...(discountCode ? { discountCode } : {}),
  };
}

const SERVER_FIELDS: Record<string, keyof CheckoutForm> = {
  customerName: "firstName",
  customerPhone: "phone",
  customerEmail: "email",
  shippingAddress: "address",
  city: "city",
  postalCode: "postalCode",
  specialInstructions: "specialInstructions",
  paymentMethod: "paymentMethod",
};

/** The server's field errors (named as in the payload) placed on the form's own fields. */
export function formFieldErrors(details: Record<string, string>): [keyof CheckoutForm, string][] {
  return Object.entries(details).flatMap(([field, message]) => {
    const target = SERVER_FIELDS[field];
    return target ? [[target, message] as [keyof CheckoutForm, string]] : [];
  });
}
