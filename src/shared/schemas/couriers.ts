import { z } from "zod";
import { isCourierApiAddress } from "../rules/courier-api.js";

/** The couriers the store books with through their APIs, as the URLs name them. */
export const COURIER_IDS = ["leopards", "postex"] as const;
export type CourierId = (typeof COURIER_IDS)[number];
export const courierId = z.enum(COURIER_IDS, { message: `Courier must be one of: ${COURIER_IDS.join(", ")}` });

/** How each courier is named on orders, labels and the tracking link (rules/couriers.ts KNOWN_COURIERS). */
export const COURIER_NAMES: Record<CourierId, string> = { leopards: "Leopards", postex: "PostEx" };

export const courierOfName = (name: string | null | undefined): CourierId | null =>
  COURIER_IDS.find((id) => COURIER_NAMES[id] === name) ?? null;

const apiAddress = (example: string) =>
  z
    .string({ message: `Enter the API address, e.g. ${example}` })
    .trim()
    .max(300, "The API address can be at most 300 characters")
    .refine(isCourierApiAddress, `Enter the https:// API address, e.g. ${example}`);

export const LEOPARDS_EXAMPLE_URL = "https://merchantapi.leopardscourier.com/api";
export const POSTEX_EXAMPLE_URL = "https://api.postex.pk/services/integration/api/order";

/**
 * PUT /api/admin/couriers/leopards: the secrets, when omitted or empty, keep the stored ones; the
 * address, when omitted, keeps the stored one (`{enabled: false}` alone switches Leopards off).
 */
export const leopardsSettingsInput = z.object({
  enabled: z.boolean({ message: "Say whether Leopards is on (enabled: true or false)" }),
  baseUrl: apiAddress(LEOPARDS_EXAMPLE_URL).optional(),
  apiKey: z.string().trim().max(200, "The API key can be at most 200 characters").optional(),
  apiPassword: z.string().max(200, "The API password can be at most 200 characters").optional(),
});
export const leopardsSettings = z.object({
  courier: z.literal("leopards"),
  enabled: z.boolean(),
  baseUrl: z.string(),
  hasApiKey: z.boolean(),
  hasPassword: z.boolean(),
});

/**
 * PUT /api/admin/couriers/postex: the token, when omitted or empty, keeps the stored one; the
 * address and the pickup code, when omitted, keep the stored ones (`{enabled: false}` alone
 * switches PostEx off).
 */
export const postexSettingsInput = z.object({
  enabled: z.boolean({ message: "Say whether PostEx is on (enabled: true or false)" }),
  baseUrl: apiAddress(POSTEX_EXAMPLE_URL).optional(),
  token: z.string().trim().max(500, "The token can be at most 500 characters").optional(),
  /** The pickup address code from the PostEx portal (Settings → Pickup addresses). */
  pickupAddressCode: z
    .string()
    .trim()
    .max(40, "The pickup address code can be at most 40 characters")
    .regex(/^[A-Za-z0-9-]*$/, "The pickup address code has only letters, digits and dashes, e.g. 001")
    .optional(),
  /** How long to wait for PostEx before telling the agent to try again; omitted: as saved (15 s). */
  timeoutSeconds: z.coerce
    .number()
    .int()
    .min(1, "Wait at least 1 second")
    .max(60, "Wait at most 60 seconds")
    .optional(),
});
export const postexSettings = z.object({
  courier: z.literal("postex"),
  enabled: z.boolean(),
  baseUrl: z.string(),
  hasToken: z.boolean(),
  pickupAddressCode: z.string(),
});
export type LeopardsSettingsInput = z.input<typeof leopardsSettingsInput>;
export type PostexSettingsInput = z.input<typeof postexSettingsInput>;
export type PostexSettingsSave = z.output<typeof postexSettingsInput>;
export type LeopardsSettings = z.infer<typeof leopardsSettings>;
export type PostexSettings = z.infer<typeof postexSettings>;

/** GET /api/admin/couriers (staff): which couriers a booking can choose. */
export const enabledCourier = z.object({ courier: courierId, name: z.string() });
export type EnabledCourier = z.infer<typeof enabledCourier>;

/** POST /api/admin/couriers/follow-up */
export const followUpResult = z.object({ checked: z.number().int(), changed: z.number().int() });
export type FollowUpResult = z.infer<typeof followUpResult>;

export const DELIVERY_RESOLUTIONS = ["reattempt", "new_address", "return"] as const;
export type DeliveryResolution = (typeof DELIVERY_RESOLUTIONS)[number];

/** On the admin order: the courier's latest words, and the open (or answered) failed attempt. */
export const courierStatus = z.object({ text: z.string(), at: z.string() }).nullable();
export const deliveryIssue = z
  .object({
    reason: z.string(),
    at: z.string(),
    attempts: z.number().int(),
    resolution: z.enum(DELIVERY_RESOLUTIONS).nullable(),
    address: z.string().nullable(),
  })
  .nullable();
export type CourierStatus = z.infer<typeof courierStatus>;
export type DeliveryIssue = z.infer<typeof deliveryIssue>;

/** PATCH /api/admin/orders/{id}/delivery-issue */
export const deliveryIssueInput = z
  .object({
    resolution: z.enum(DELIVERY_RESOLUTIONS, {
      message: "Choose what to do: reattempt, new_address or return",
    }),
    address: z.string().trim().max(500, "The address can be at most 500 characters").optional(),
    note: z.string().trim().max(500, "The note can be at most 500 characters").optional(),
  })
  .refine((v) => v.resolution !== "new_address" || (v.address ?? "").length >= 10, {
    message: "Enter the new address (house number, street, area and landmark)",
    path: ["address"],
  });
export type DeliveryIssueInput = z.infer<typeof deliveryIssueInput>;

/** PATCH /api/orders/{id} by staff before shipping: the customer's details as corrected. */
export const orderCorrectionFields = [
  "customerName",
  "customerPhone",
  "shippingAddress",
  "city",
  "postalCode",
] as const;

/**
 * GET /api/admin/orders/{id}/courier-payment (owner): what the order's courier says about the cash
 * it collected (PostEx `payment-status`, Leopards `getPaymentDetails`), beside what it should pay.
 */
export const courierPayment = z.object({
  orderId: z.string(),
  courier: z.string(),
  trackingNumber: z.string(),
  /** The cash the rider was to collect (`codAmount`), whole rupees. */
  expected: z.number().int(),
  paid: z.boolean(),
  /** In the courier's words. */
  text: z.string(),
  paidOn: z.string().nullable(),
  /** The courier's payment reference (PostEx CPR numbers, Leopards cheque), when it gives one. */
  reference: z.string().nullable(),
  amount: z.number().int().nullable(),
});
export type CourierPaymentView = z.infer<typeof courierPayment>;
