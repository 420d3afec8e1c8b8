import { z } from "zod";
import { normalizePhone } from "../rules/phone.js";
import { REFUND_METHODS, RETURN_STATUSES, RETURN_TYPES } from "../rules/returns.js";

const option = z.string().trim().max(50);

export const returnItemInput = z.object({
  productId: z.coerce.number({ message: "Each item needs a product id" }).int().positive().max(2_147_483_647),
  size: option.default(""),
  color: option.default(""),
  quantity: z.coerce
    .number({ message: "Quantity must be a number" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(99, "Quantity can be at most 99"),
  /** The variant of the order's line to return or exchange (decision 038); old clients name it by size and colour. */
  variantId: z.coerce
    .number({ message: "Choose the item from your order" })
    .int()
    .positive()
    .max(2_147_483_647)
    .optional(),
  exchangeSize: option.optional(),
  exchangeColor: option.optional(),
  /** The variant wanted instead, one of the product's variants on sale (old clients send exchangeSize / exchangeColor). */
  exchangeVariantId: z.coerce
    .number({ message: "Choose what you want instead" })
    .int()
    .positive()
    .max(2_147_483_647)
    .optional(),
});
export type ReturnItemInput = z.infer<typeof returnItemInput>;

/** POST /api/returns (JSON, or multipart with this as the 'returnData' field and up to 3 'photos'). */
export const returnRequestInput = z.object({
  orderId: z.string().uuid("Order not found"),
  phone: z
    .string({ message: "Enter the phone number you ordered with" })
    .max(30)
    .refine((v) => normalizePhone(v).length >= 10, "Enter the phone number you ordered with (at least 10 digits)"),
  type: z.enum(RETURN_TYPES, { message: "Choose return or exchange" }),
  reason: z
    .string({ message: "Tell us why you want to return or exchange" })
    .trim()
    .min(1, "Tell us why you want to return or exchange")
    .max(500, "Reason can be at most 500 characters"),
  items: z.array(returnItemInput).min(1, "Choose at least one item").max(50),
  note: z.string().trim().max(1000, "Note can be at most 1000 characters").optional().default(""),
});
export type ReturnRequestInput = z.input<typeof returnRequestInput>;

export const returnItem = returnItemInput.extend({
  productName: z.string(),
  price: z.number(),
  /** The options of the order's line as sold (its variant's), when recorded: what tells two lines of one size and colour apart. */
  options: z.record(z.string(), z.string()).optional(),
  /** The options of the variant asked for instead (with `exchangeVariantId`), as it was when asked. */
  exchangeOptions: z.record(z.string(), z.string()).optional(),
});
export type ReturnItem = z.infer<typeof returnItem>;

/** What the customer sees on the tracking card. */
export const customerReturn = z.object({
  id: z.string(),
  type: z.enum(RETURN_TYPES),
  status: z.enum(RETURN_STATUSES),
  /** The sentence the tracking card shows for this step. */
  statusText: z.string(),
  items: z.array(returnItem),
  /** The store's note when it refused (or any note it left). */
  adminNote: z.string(),
  refundAmount: z.string().nullable(),
  refundMethod: z.enum(REFUND_METHODS).nullable(),
  /** Order number of an exchange's replacement. */
  replacementOrderNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerReturn = z.infer<typeof customerReturn>;

/** What the admin sees in the returns list. */
export const adminReturn = customerReturn.extend({
  orderId: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  city: z.string(),
  orderTotal: z.string(),
  reason: z.string(),
  note: z.string(),
  photos: z.array(z.object({ id: z.string(), url: z.string(), filename: z.string(), mimeType: z.string() })),
  replacementOrderId: z.string().nullable(),
  decidedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type AdminReturn = z.infer<typeof adminReturn>;

export const adminReturnsQuery = z.object({
  status: z.enum(RETURN_STATUSES, { message: `Status must be one of: ${RETURN_STATUSES.join(", ")}` }).optional(),
});

/** PATCH /api/admin/returns/{id}: approve, reject (with a note the customer sees) or complete. */
export const decideReturnInput = z.discriminatedUnion(
  "status",
  [
    z.object({ status: z.literal("approved"), adminNote: z.string().trim().max(500).optional().default("") }),
    z.object({
      status: z.literal("rejected"),
      adminNote: z
        .string({ message: "Tell the customer why the request is not accepted" })
        .trim()
        .min(1, "Tell the customer why the request is not accepted")
        .max(500),
    }),
    z.object({
      status: z.literal("completed"),
      adminNote: z.string().trim().max(500).optional().default(""),
      /** Returns only: the refund given. */
      refund: z
        .object({
          amount: z.coerce
            .number({ message: "Enter the refund amount" })
            .positive("Enter the refund amount")
            .max(10_000_000),
          method: z.enum(REFUND_METHODS, { message: "Choose how the refund was paid" }),
        })
        .optional(),
    }),
  ],
  { message: "Status must be approved, rejected or completed" },
);
export type DecideReturnInput = z.input<typeof decideReturnInput>;
