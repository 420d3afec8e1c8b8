import { z } from "zod";
import { isCourierApiAddress } from "../rules/courier-api.js";
import { orderStatus } from "./orders.js";

/** Bulk actions name at most this many orders (a day's parcels for a busy store). */
export const BULK_ORDERS_MAX = 200;

const orderIds = z
  .array(z.string().uuid("Each id must be an order id"), { message: "Select at least one order" })
  .min(1, "Select at least one order")
  .max(BULK_ORDERS_MAX, `Select at most ${BULK_ORDERS_MAX} orders at once`)
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

/** PATCH /api/admin/orders */
export const bulkStatusInput = z.object({ ids: orderIds, status: orderStatus });
export const bulkStatusResult = z.object({ changed: z.number().int() });

/** GET /api/admin/orders/labels.pdf?ids=a,b,c&paper=a6|a4 */
export const labelsQuery = z.object({
  ids: z
    .string({ message: "Select at least one order" })
    .max(BULK_ORDERS_MAX * 40)
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(orderIds),
  paper: z.enum(["a6", "a4"], { message: "Paper must be a6 or a4" }).default("a6"),
});

/** POST /api/admin/orders/book */
export const bookOrdersInput = z.object({
  ids: orderIds,
  /** The courier to book with (schemas/couriers.ts COURIER_IDS); omitted: the only one enabled. */
  courier: z.enum(["leopards", "postex"], { message: "Courier must be one of: leopards, postex" }).optional(),
});
export const bookingOutcome = z.object({
  orderId: z.string(),
  booked: z.boolean(),
  trackingNumber: z.string().nullable(),
  /** Why the courier refused or could not be reached, in words the agent can act on. */
  error: z.string().nullable(),
});
export const bookOrdersResult = z.object({ booked: z.number().int(), results: z.array(bookingOutcome) });
export type BookOrdersResult = z.infer<typeof bookOrdersResult>;

export { isCourierApiAddress };

/**
 * The Leopards connection, as the owner sets it. The key and password are never sent back. What
 * is omitted keeps what is stored (`{enabled: false}` alone switches Leopards off).
 */
export const courierSettingsInput = z.object({
  enabled: z.boolean(),
  baseUrl: z
    .string({ message: "Enter the API address, e.g. https://merchantapi.leopardscourier.com/api" })
    .trim()
    .max(300, "The API address can be at most 300 characters")
    .refine(isCourierApiAddress, "Enter the https:// API address, e.g. https://merchantapi.leopardscourier.com/api")
    .optional(),
  /** Omitted or empty: keep the stored key (required again when the address changes). */
  apiKey: z.string().trim().max(200, "The API key can be at most 200 characters").optional(),
  /** Omitted or empty: keep the stored password (required again when the address changes). */
  apiPassword: z.string().max(200, "The API password can be at most 200 characters").optional(),
  /** Parcel weight sent with every booking, in grams. */
  weightGrams: z.coerce.number().int().min(1, "Weight must be at least 1 gram").max(50_000).optional(),
  /** How long to wait for Leopards before telling the agent to try again. */
  timeoutSeconds: z.coerce
    .number()
    .int()
    .min(1, "Wait at least 1 second")
    .max(60, "Wait at most 60 seconds")
    .optional(),
});
export type CourierSettingsInput = z.input<typeof courierSettingsInput>;
export type CourierSettingsSave = z.output<typeof courierSettingsInput>;
export const courierSettings = z.object({
  courier: z.literal("Leopards"),
  enabled: z.boolean(),
  baseUrl: z.string(),
  /** Whether a key and a password are saved; they themselves never leave the server. */
  hasApiKey: z.boolean(),
  hasPassword: z.boolean(),
  weightGrams: z.number().int(),
  timeoutSeconds: z.number().int(),
});
export type CourierSettings = z.infer<typeof courierSettings>;
