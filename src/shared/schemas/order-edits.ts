import { z } from "zod";
import { orderItem } from "./orders.js";

/**
 * One line of an order as a staff member changes it (CONTRACT.md part four, "Changing an order's
 * items before it ships"): the product, the variant by `variantId` or by the spec's `size` and
 * `color`, and how many.
 */
export const editedItemInput = z.object({
  productId: z.coerce
    .number({ message: "Each item needs a product id" })
    .int("Each item needs a product id")
    .positive("Each item needs a product id")
    .max(2_147_483_647, "Each item needs a product id"),
  variantId: z.coerce.number().int().positive("A variant id is a positive number").nullable().optional(),
  quantity: z.coerce
    .number({ message: "Quantity must be a number" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1; to take a line out, leave it out of the list")
    .max(99, "Quantity can be at most 99 per line"),
  size: z.string().trim().max(50).default(""),
  color: z.string().trim().max(50).default(""),
});

/** PATCH /api/admin/orders/{id}/items and its preview. */
export const editOrderItemsInput = z.object({
  items: z
    .array(editedItemInput, { message: "Send the order's items as a list" })
    .min(1, "An order needs at least one item; to drop every item, cancel the order instead")
    .max(50, "At most 50 items per order"),
  /** Why, in the agent's words (the customer's message): on the timeline and in the audit log. */
  note: z.string().trim().max(500, "The note is at most 500 characters").optional(),
  /**
   * The order's `itemsVersion` the agent started from: when another change came first, 409 with
   * the current items, never a mix. Without it, the change applies to the items as they are.
   */
  version: z.coerce.number().int().min(0).optional(),
});
export type EditOrderItemsInput = z.input<typeof editOrderItemsInput>;

/** An order's amounts in whole rupees, as the item editor shows them before and after. */
export const editAmounts = z.object({
  subtotal: z.number(),
  saleDiscount: z.number(),
  discount: z.number(),
  deliveryFee: z.number(),
  codFee: z.number(),
  total: z.number(),
  /** The advance the rules ask of this total. */
  advance: z.number(),
  /** Still owed before shipping: the advance less what was paid. */
  advanceOwed: z.number(),
  /** The cash the rider collects: total − advance paid. */
  codAmount: z.number(),
});
export type EditAmounts = z.infer<typeof editAmounts>;

/** What an item change does (the preview, and the saved change's answer). */
export const itemEditOutcome = z.object({
  before: editAmounts,
  after: editAmounts,
  items: z.array(orderItem),
  /** The order's discount code: kept while it still applies, else said why not (null: none). */
  code: z.object({ code: z.string(), applied: z.boolean(), message: z.string() }).nullable(),
  /** The order is booked with a courier: it is cancelled there and booked again with the new cash. */
  rebook: z.object({ courier: z.string(), trackingNumber: z.string() }).nullable(),
  /** The version the order's items have (after a save, the new one). */
  itemsVersion: z.number().int(),
});
export type ItemEditOutcome = z.infer<typeof itemEditOutcome>;

/** After a save, what became of the courier booking (null when there was none). */
export const rebooking = z
  .object({
    booked: z.boolean(),
    courier: z.string(),
    trackingNumber: z.string().nullable(),
    /** Why booking again failed: the order waits, Ready to Ship, for the agent to book it. */
    error: z.string().nullable(),
  })
  .nullable();
export type Rebooking = z.infer<typeof rebooking>;
