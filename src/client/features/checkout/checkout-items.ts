import { z } from "zod";
import { cartItem, type CartItem } from "@shared/schemas/cart.js";
import type { CheckoutForm, PlaceOrderInput } from "@shared/schemas/orders.js";
import { variantRef } from "@client/lib/variant-text";

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
 * The form's fields and the payload's names for them, both ways: the payload is built from it and
 * the server's field errors are placed back with it. The customer's name is first and last name.
 */
const PAYLOAD_NAMES = {
  phone: "customerPhone",
  email: "customerEmail",
  address: "shippingAddress",
  city: "city",
  postalCode: "postalCode",
  specialInstructions: "specialInstructions",
} as const satisfies Partial<Record<keyof CheckoutForm, keyof PlaceOrderInput>>;
type TextFields = Record<(typeof PAYLOAD_NAMES)[keyof typeof PAYLOAD_NAMES], string>;

const FORM_FIELD_OF: Record<string, keyof CheckoutForm> = {
  customerName: "firstName",
  paymentMethod: "paymentMethod",
  ...Object.fromEntries(Object.entries(PAYLOAD_NAMES).map(([field, name]) => [name, field as keyof CheckoutForm])),
};

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
  const { customerEmail, ...text } = Object.fromEntries(
    Object.entries(PAYLOAD_NAMES).map(([field, name]) => {
      const value: unknown = form[field as keyof CheckoutForm];
      return [name, typeof value === "string" ? value.trim() : ""];
    }),
  ) as TextFields;
  return {
    customerName: `${form.firstName.trim()} ${form.lastName.trim()}`,
    ...text,
    ...(customerEmail ? { customerEmail } : {}),
    items: groups.map((g) => ({
      productId: g.first.productId,
      ...variantRef(g.first),
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

/** The server's field errors (named as in the payload) placed on the form's own fields. */
export function formFieldErrors(details: Record<string, string>): [keyof CheckoutForm, string][] {
  return Object.entries(details).flatMap(([field, message]) => {
    const target = FORM_FIELD_OF[field];
    return target ? [[target, message] as [keyof CheckoutForm, string]] : [];
  });
}
