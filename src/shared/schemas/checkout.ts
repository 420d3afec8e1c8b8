import { z } from "zod";
import { orderItemInput, placeOrderInput } from "./orders.js";

/** POST /api/checkout/quote: what the cart would cost, delivered to this city with this code. */
export const quoteInput = z.object({
  items: z
    .array(orderItemInput.pick({ productId: true, quantity: true, size: true, color: true, variantId: true }))
    .min(1, "Your cart is empty")
    .max(50, "At most 50 items per order"),
  city: z.string().trim().max(100).optional().nullable(),
  discountCode: placeOrderInput.shape.discountCode,
  customerPhone: z.string().trim().max(30).optional().nullable(),
});
export type QuoteInput = z.input<typeof quoteInput>;

export const quoteLine = z.object({
  productId: z.number(),
  productName: z.string(),
  quantity: z.number(),
  size: z.string(),
  color: z.string(),
  variantId: z.number().int(),
  options: z.record(z.string(), z.string()),
  /** The unit price the shopper pays (an automatic sale's included). */
  price: z.number(),
  /** The regular unit price, struck through, when an automatic sale lowered it; else null. */
  regularPrice: z.number().nullable(),
});

/** The answer: every amount in whole rupees, computed on the server (decision 022). */
export const quote = z.object({
  subtotal: z.number(),
  /** What automatic sales took off the regular prices (already out of the subtotal). */
  saleDiscount: z.number(),
  discount: z.number(),
  deliveryFee: z.number(),
  codFee: z.number(),
  total: z.number(),
  advance: z.number(),
  codAmount: z.number(),
  discountCode: z.object({ code: z.string(), applied: z.boolean(), message: z.string() }).nullable(),
  lines: z.array(quoteLine),
});
export type Quote = z.infer<typeof quote>;
