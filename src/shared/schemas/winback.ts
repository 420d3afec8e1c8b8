import { z } from "zod";
import { isPakistaniMobile, PAKISTANI_MOBILE_MESSAGE } from "../rules/pakistani-mobile.js";
import { sessionId } from "./cart.js";

/** A phone the store may message: a Pakistani mobile number, said so when it is not. */
const mobile = z
  .string({ message: PAKISTANI_MOBILE_MESSAGE })
  .trim()
  .refine(isPakistaniMobile, { message: PAKISTANI_MOBILE_MESSAGE });

/** Consent in words: the box must be ticked (`consent: true`), nothing else counts. */
const consent = (what: string) =>
  z.literal(true, { message: `Tick the box to agree to ${what} on WhatsApp; nothing was saved` });

/** POST /api/back-in-stock: the variant by `variantId`, or by the spec's `size` and `color` (old clients). */
export const backInStockInput = z.object({
  productId: z.coerce.number().int().positive("productId must be a product's id"),
  variantId: z.coerce.number().int().positive("variantId must be a variant's id").optional(),
  size: z.string().trim().max(100).optional(),
  color: z.string().trim().max(100).optional(),
  phone: mobile,
  consent: consent("one message when it is back in stock"),
});
export type BackInStockInput = z.infer<typeof backInStockInput>;

/** POST /api/checkout/abandoned. */
export const abandonedCheckoutInput = z.object({
  sessionId,
  phone: mobile,
  consent: consent("a reminder if you don't finish your order"),
});

/** POST /api/cart/restore: the token of a reminder's link puts its lines in this session's cart. */
export const restoreCartInput = z.object({
  sessionId,
  token: z.string().trim().min(1, "Send the restore token from the link").max(100),
});

export interface AbandonedCheckoutsReport {
  summary: { saved: number; messaged: number; recovered: number; revenue: number; returned: number };
  items: {
    id: number;
    phone: string;
    createdAt: string;
    state: string;
    reminders: number;
    lines: number;
    subtotal: number;
    stopReason: string | null;
    recoveredOrderId: string | null;
  }[];
}

export interface BackInStockDemand {
  productId: number;
  productName: string;
  variantId: number | null;
  size: string;
  color: string;
  label: string;
  waiting: number;
  notified: number;
  ordered: number;
}

/** GET /api/admin/whatsapp/daily-limit: the phones messaged first in 24 hours against the limit. */
export interface DailyLimitCount {
  count: number;
  limit: number;
  marketingStopsAt: number;
  warning: boolean;
}
