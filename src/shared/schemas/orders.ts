import { z } from "zod";
import { paymentAccount } from "./advance.js";
import { ADVANCE_FILTERS } from "../rules/advance.js";
import { imageRef } from "./common.js";
import { courierStatus, deliveryIssue } from "./couriers.js";
import { CONFIRMATION_STATES } from "../rules/confirmation.js";
import { MIN_ADDRESS_LENGTH, MIN_PHONE_LENGTH } from "../constants.js";
import { normalizePhone } from "../rules/phone.js";
import { isPakistaniMobile, PAKISTANI_MOBILE_MESSAGE } from "../rules/pakistani-mobile.js";
import { ORDER_STATUSES } from "../rules/order-status.js";
import { COURIER_NAME_MAX, TRACKING_NUMBER_MAX } from "../rules/couriers.js";
import { customerReturn } from "./returns.js";
import { orderNumberProof } from "./order-proof.js";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => v ?? "");

/**
 * The spec's 10-character minimum keeps its own text; past it, any number that is not a Pakistani
 * mobile (too few digits included) gets the one message that says what to enter, with an example.
 */
const phoneField = z
  .string({ message: "Phone number must be at least 10 characters" })
  .trim()
  .min(MIN_PHONE_LENGTH, "Phone number must be at least 10 characters")
  .max(30, "Phone number is too long")
  .refine(isPakistaniMobile, PAKISTANI_MOBILE_MESSAGE);

const emailPattern = z.email();
/** Optional; an empty string is allowed (SPEC.md §5). Any other wrong value reads 'Invalid email address'. */
const emailField = z
  .string({ message: "Invalid email address" })
  .trim()
  .max(200, "Invalid email address")
  .refine((v) => v === "" || emailPattern.safeParse(v).success, "Invalid email address")
  .optional()
  .nullable()
  .transform((v) => v ?? "");

/** The checkout form (SPEC.md §5), used by react-hook-form on the client. */
export const checkoutForm = z.object({
  firstName: z.string().trim().min(1, "First name is required").max(100),
  lastName: z.string().trim().min(1, "Last name is required").max(100),
  phone: phoneField,
  email: emailField,
  address: z.string().trim().min(MIN_ADDRESS_LENGTH, "Address must be at least 10 characters").max(500),
  city: z.string().trim().min(1, "City is required").max(100),
  postalCode: optionalText(20),
  specialInstructions: optionalText(1000),
  paymentMethod: z.enum(["cod", "online"]).default("cod"),
});
export type CheckoutForm = z.input<typeof checkoutForm>;

export const orderItemInput = z.object({
  productId: z.coerce
    .number({ message: "Each item needs a product id" })
    .int("Each item needs a product id")
    .positive("Each item needs a product id")
    .max(2_147_483_647, "Each item needs a product id"),
  productName: z.string().max(300).optional(),
  quantity: z.coerce
    .number({ message: "Quantity must be a number" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(99, "Quantity can be at most 99"),
  size: z.string().trim().max(50).default(""),
  color: z.string().trim().max(50).default(""),
  /** The variant chosen (issue 40); without it, the spec's `size` and `color` name it. */
  variantId: z.coerce
    .number({ message: "Choose one of the product's variants" })
    .int("Choose one of the product's variants")
    .positive("Choose one of the product's variants")
    .max(2_147_483_647, "Choose one of the product's variants")
    .optional(),
  /** Sent by the spec's client and ignored: the server prices every item. */
  price: z.unknown().optional(),
  selectedImage: z.string().max(2000).nullable().optional(),
});

/** POST /api/orders: the spec's payload. Amounts are accepted for compatibility and ignored. */
export const placeOrderInput = z.object({
  customerName: z.string({ message: "First name is required" }).trim().min(1, "First name is required").max(200),
  customerPhone: phoneField,
  customerEmail: emailField,
  shippingAddress: z
    .string({ message: "Address must be at least 10 characters" })
    .trim()
    .min(MIN_ADDRESS_LENGTH, "Address must be at least 10 characters")
    .max(500),
  city: z.string({ message: "City is required" }).trim().min(1, "City is required").max(100),
  postalCode: optionalText(20),
  specialInstructions: optionalText(1000),
  items: z.array(orderItemInput).min(1, "Your cart is empty").max(50, "At most 50 items per order"),
  subtotal: z.unknown().optional(),
  tax: z.unknown().optional(),
  total: z.unknown().optional(),
  paymentMethod: z.literal("cod", { message: "Online payment is coming soon; choose Cash on Delivery" }).default("cod"),
  sessionId: z.string().uuid().optional().nullable(),
  /** A discount code (CONTRACT.md part three); one that does not apply refuses the order with 422. */
  discountCode: z.string().trim().max(40, "A discount code is at most 30 characters").nullable().optional(),
});
export type PlaceOrderInput = z.input<typeof placeOrderInput>;

export const orderStatus = z.enum(ORDER_STATUSES, {
  message: `Status must be one of: ${ORDER_STATUSES.join(", ")}`,
});

export const updateOrderInput = z.object({
  /** Optional when the admin sets only courier and tracking number. */
  status: orderStatus.optional(),
  /** Admin only: any courier by name; a known one gets its tracking link. */
  courier: z
    .string()
    .trim()
    .max(COURIER_NAME_MAX, `Courier name can be at most ${COURIER_NAME_MAX} characters`)
    .optional(),
  trackingNumber: z
    .string()
    .trim()
    .max(TRACKING_NUMBER_MAX, `Tracking number can be at most ${TRACKING_NUMBER_MAX} characters`)
    .optional(),
  /** A shopper cancelling proves ownership with the order's phone number. */
  phone: z.string().max(30).optional(),
  sessionId: z.string().uuid().optional(),
  // Staff correct the customer's details until the order ships (CONTRACT.md, "Couriers").
  customerName: placeOrderInput.shape.customerName.optional(),
  customerPhone: placeOrderInput.shape.customerPhone.optional(),
  shippingAddress: placeOrderInput.shape.shippingAddress.optional(),
  city: placeOrderInput.shape.city.optional(),
  postalCode: placeOrderInput.shape.postalCode.optional(),
  // -- end couriers --
});

export const trackOrdersInput = z.object({
  phone: z
    .string({ message: "Phone number is required" })
    .max(30)
    .refine((v) => normalizePhone(v).length >= 10, "Enter your phone number with at least 10 digits"),
  name: z.string().trim().max(100).optional(),
  city: z.string().trim().max(100).optional(),
  /** Shows that order in full (its number, the whole name): decision 013. */
  orderNumber: orderNumberProof,
});

export const RISK_LEVELS = ["low", "medium", "high"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const adminOrderListQuery = z.object({
  status: orderStatus.optional(),
  confirmation: z
    .enum(CONFIRMATION_STATES, { message: `Confirmation must be one of: ${CONFIRMATION_STATES.join(", ")}` })
    .optional(),
  risk: z.enum(RISK_LEVELS, { message: `Risk must be one of: ${RISK_LEVELS.join(", ")}` }).optional(),
  /** `open`: orders whose failed delivery attempt has no resolution yet (CONTRACT.md, "Failed delivery attempts"). */
  issue: z.enum(["open"], { message: "Issue must be open" }).optional(),
  /** An advance's status, or `owed` (due, submitted or rejected): the agents' Advance filter (decision 027). */
  advance: z.enum(ADVANCE_FILTERS, { message: `Advance must be one of: ${ADVANCE_FILTERS.join(", ")}` }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

export const orderItem = z.object({
  productId: z.number().int(),
  productName: z.string(),
  quantity: z.number().int(),
  size: z.string(),
  color: z.string(),
  /** The variant sold and its options at the time (null for a line whose variant was never recorded). */
  variantId: z.number().int().nullable().optional(),
  options: z.record(z.string(), z.string()).optional(),
  price: z.number(),
  selectedImage: z.string().nullable(),
  /** Only on a line sold under an automatic sale: its regular unit price and the sale (decision 024). */
  regularPrice: z.number().optional(),
  saleId: z.number().int().nullable().optional(),
});
export type OrderItem = z.infer<typeof orderItem>;

/** Courier and tracking (null until shipped) and when each shipping step happened. */
const shippingFields = {
  courier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
};

/**
 * What the shopper pays, part by part (CONTRACT.md part three): total = subtotal − discount +
 * deliveryFee + codFee; codAmount = total − advance.paid is what the courier collects; the advance
 * is owed before shipping (decision 027).
 */
export const orderMoneyFields = {
  subtotal: z.string(),
  /** What automatic sales took off the regular prices (already out of the subtotal; decision 024). */
  saleDiscount: z.string(),
  discount: z.string(),
  deliveryFee: z.string(),
  codFee: z.string(),
  codAmount: z.string(),
  discountCode: z.string().nullable(),
  advance: z.object({
    amount: z.string(),
    paid: z.string(),
    /** amount − paid, never below 0, computed on the server (decision 022). */
    owed: z.string(),
    status: z.enum(["none", "due", "submitted", "paid", "rejected"]),
    method: z.string().nullable(),
    reference: z.string().nullable(),
    note: z.string().nullable(),
  }),
};

/** What the admin sees. */
export const adminOrder = z.object({
  id: z.string(),
  createdAt: z.string(),
  status: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string(),
  shippingAddress: z.string(),
  city: z.string(),
  postalCode: z.string(),
  specialInstructions: z.string(),
  items: z.array(orderItem),
  tax: z.string(),
  total: z.string(),
  ...orderMoneyFields,
  paymentMethod: z.string(),
  /** web, or the channel a staff member took it from (ORDER_SOURCES). */
  source: z.string(),
  confirmation: z.object({
    state: z.enum(CONFIRMATION_STATES),
    updatedAt: z.string().nullable(),
    /** Why the store holds it for an agent, when it says (decision 041). */
    reason: z.string().optional(),
  }),
  risk: z.object({ level: z.enum(RISK_LEVELS), reasons: z.array(z.string()) }),
  ...shippingFields,
  /** An exchange's replacement order: the order it replaces. */
  replacementOf: z.string().nullable(),
  // The courier's words and a failed delivery attempt, on the orders list and the order view.
  courierStatus: courierStatus.optional(),
  deliveryIssue: deliveryIssue.optional(),
  // -- end couriers --
});
export type AdminOrder = z.infer<typeof adminOrder>;

export const adminOrderPage = z.object({
  orders: z.array(adminOrder),
  total: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
});
export type AdminOrderPage = z.infer<typeof adminOrderPage>;

export const statusEvent = z.object({ status: z.string(), actor: z.string(), createdAt: z.string() });
export const adminOrderDetail = adminOrder.extend({
  timeline: z.array(statusEvent),
  customerHistory: z.object({
    orders: z.array(adminOrder.pick({ id: true, createdAt: true, status: true, total: true })),
    cancelledCount: z.number().int(),
  }),
  whatsappUrl: z.string(),
  /** The shopper's latest proof of an advance sent (a private image, staff only). */
  advanceProof: imageRef.nullable().optional(),
  /** Internal staff notes, oldest first; never in a shopper's answer. */
  notes: z.array(z.object({ id: z.number(), author: z.string(), text: z.string(), createdAt: z.string() })),
  /** The version of the items, sent back by the item editor (PATCH /api/admin/orders/{id}/items). */
  itemsVersion: z.number().int().optional(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

/** What a shopper sees when tracking: the spec's order card and nothing more. */
export const trackedOrder = z.object({
  /**
   * The order's id for a caller who proved the order (its number, or the session that placed it);
   * for a phone number alone, an opaque reference that cancels and returns accept with that phone.
   */
  id: z.string(),
  /** Null on a card found by phone number alone: the number is what proves an order. */
  orderNumber: z.string().nullable(),
  createdAt: z.string(),
  status: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  city: z.string(),
  total: z.string(),
  ...orderMoneyFields,
  items: z.array(orderItem),
  ...shippingFields,
  /** Return and exchange requests on this order (tracking results only). */
  returns: z.array(customerReturn).optional(),
  /** Where to send the advance, while one is owed (the `payment_accounts` setting). */
  paymentAccounts: z.array(paymentAccount).optional(),
  /** The online payment gateway is connected: the card may ask for a pay link (decision 027). */
  payOnline: z.boolean().optional(),
});
export type TrackedOrder = z.infer<typeof trackedOrder>;

/** The entries of GET /api/orders/mine, and the base of the answer to POST /api/orders. */
export const placedOrder = trackedOrder.extend({ subtotal: z.string(), tax: z.string(), paymentMethod: z.string() });
export type PlacedOrder = z.infer<typeof placedOrder>;

/** The answer to POST /api/orders: the whole order the caller just placed (SPEC §3's Order). */
export const newOrder = placedOrder.extend({
  customerEmail: z.string(),
  shippingAddress: z.string(),
  postalCode: z.string(),
  specialInstructions: z.string(),
});
export type NewOrder = z.infer<typeof newOrder>;
