import { z } from "zod";

/**
 * What proves an order beyond its phone number (decision 013): the order number, which is in every
 * WhatsApp message and on the parcel label, or the signed token in the WhatsApp review link.
 */
export const ORDER_NUMBER_HELP =
  "the 8-character order number from your WhatsApp message or parcel label, such as 3F9A1C2B";
export const ORDER_NUMBER_NEEDED = `Enter ${ORDER_NUMBER_HELP}.`;

/** '#3f9a 1c2b' → '3F9A1C2B'; an empty field counts as not given. */
export const orderNumberProof = z
  .string()
  .max(20, ORDER_NUMBER_NEEDED)
  .transform((v) => v.replace(/[\s#-]/g, "").toUpperCase())
  .refine((v) => v === "" || /^[0-9A-F]{8}$/.test(v), ORDER_NUMBER_NEEDED)
  .transform((v) => v || undefined)
  .optional();

/** The WhatsApp review link's `review` parameter, passed on as it is. */
export const reviewTokenProof = z.string().trim().max(200).optional();
