import { z } from "zod";
import { MANUAL_ORDER_SOURCES, ORDER_SOURCES } from "../rules/order-source.js";
import { MAX_STOCK_QUANTITY } from "../rules/stock.js";
import { orderItemInput, placeOrderInput } from "./orders.js";

export const variantStockEntry = z.object({
  size: z.string().trim().max(50),
  color: z.string().trim().max(50),
  quantity: z.coerce
    .number({ message: "Stock must be a number" })
    .int("Stock must be a whole number")
    .min(0, "Stock cannot be below 0")
    .max(MAX_STOCK_QUANTITY, `Stock can be at most ${MAX_STOCK_QUANTITY.toLocaleString("en")}`),
});

/** The admin grid: every size × colour with its quantity; null stops tracking. */
export const variantStockInput = z.array(variantStockEntry).max(900).nullable();

/** GET /api/admin/stock/low: variants at or under the threshold, fewest first. */
export const lowStockItem = z.object({
  productId: z.number().int(),
  productName: z.string(),
  /** The product's address (`/products/{handle}`), for the link from the list. */
  handle: z.string(),
  variantId: z.number().int(),
  options: z.record(z.string(), z.string()),
  /** The variant's name in its product's option order ("Stitched / M / Red"; "One size" without options). */
  variant: z.string(),
  /** The variant's SKU, else the product's. */
  sku: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: z.number().int(),
});
export const lowStockList = z.object({ items: z.array(lowStockItem), total: z.number().int() });
export type LowStockList = z.infer<typeof lowStockList>;

/**
 * POST /api/admin/orders: an order taken by hand. The customer's fields are checkout's own, the
 * items name only the choice (the server prices them), `status` "processing" when already confirmed.
 */
export const manualOrderInput = placeOrderInput
  .pick({
    customerName: true,
    customerPhone: true,
    customerEmail: true,
    shippingAddress: true,
    city: true,
    postalCode: true,
    specialInstructions: true,
  })
  .extend({
    items: z
      .array(orderItemInput.pick({ productId: true, quantity: true, size: true, color: true, variantId: true }))
      .min(1, "Add at least one item")
      .max(50, "At most 50 items per order"),
    source: z.enum(MANUAL_ORDER_SOURCES, {
      message: `Source must be one of: ${MANUAL_ORDER_SOURCES.join(", ")}`,
    }),
    status: z.enum(["pending", "processing"], { message: "Status must be pending or processing" }).default("pending"),
    /** Send the customer the WhatsApp confirmation; off for orders taken by hand unless asked. */
    notifyCustomer: z.boolean().default(false),
  });
export type ManualOrderInput = z.input<typeof manualOrderInput>;

export const sourceReportRow = z.object({
  source: z.enum(ORDER_SOURCES),
  orders: z.number().int(),
  revenue: z.number(),
  returned: z.number().int(),
  returnRate: z.number(),
});
export const sourceReport = z.object({ sources: z.array(sourceReportRow) });
export type SourceReport = z.infer<typeof sourceReport>;
