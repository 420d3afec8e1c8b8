import { z } from "zod";
import { META_EVENT_STATES, META_SERVER_EVENTS } from "../rules/meta-ads.js";

/** One Conversions API event, as Admin → Settings lists the last ones. */
export const metaEventRow = z.object({
  orderId: z.string(),
  eventName: z.enum(META_SERVER_EVENTS),
  eventTime: z.string(),
  state: z.enum(META_EVENT_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** When it was sent, dropped or given up; null while it waits. */
  finishedAt: z.string().nullable(),
});
export type MetaEventRow = z.infer<typeof metaEventRow>;

/** GET /api/admin/ads: whether the pixel and the Conversions API are on, and what they did lately. */
export const adsStatus = z.object({
  pixel: z.object({ enabled: z.boolean(), pixelId: z.string().nullable() }),
  conversionsApi: z.object({
    enabled: z.boolean(),
    /** Environment variables still to set for it to work. */
    missing: z.array(z.string()),
    deliveryEvents: z.boolean(),
  }),
  /** Events per state over the last 30 days (dropped: older than 7 days when their turn came). */
  counts: z.record(z.enum(META_EVENT_STATES), z.number().int()),
  recent: z.array(metaEventRow),
  /** The feed Meta Commerce Manager and Google Merchant Center read. */
  feedUrl: z.string(),
});
export type AdsStatus = z.infer<typeof adsStatus>;
