/**
 * Meta's pixel and Conversions API, one copy for the browser and the server (issue 28): the
 * events the store sends, how a product is named to Meta, and which cookies Meta's documents
 * allow through.
 */

/** Events of the Conversions API outbox: the Purchase on confirmation, the optional custom ones. */
export const META_SERVER_EVENTS = ["Purchase", "Delivered", "Returned"] as const;
export type MetaServerEvent = (typeof META_SERVER_EVENTS)[number];

/** What became of an outbox row: sent, or never to be (dropped when 7 days old, skipped when cancelled). */
export const META_EVENT_STATES = ["queued", "sending", "sent", "failed", "dropped", "skipped"] as const;
export type MetaEventState = (typeof META_EVENT_STATES)[number];

/** Meta refuses a whole request holding an event_time older than this (Server Event Parameters). */
export const META_EVENT_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

/**
 * The id Meta knows a product by, in the pixel's and the Purchase's `content_ids`: the product id,
 * which is the feed's `g:item_group_id` (so `content_type` is "product_group").
 */
export const metaContentId = (productId: number | string) => String(productId);
export const META_CONTENT_TYPE = "product_group";

/**
 * The feed's `g:id` of one size × colour of a product: the product id and the variant's words,
 * lower-cased, runs of anything else as one "-", at most 50 characters (Google's limit for `id`).
 */
export function metaVariantId(productId: number, size: string, color: string): string {
  const part = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
  return [String(productId), part(size), part(color)].filter(Boolean).join("_").slice(0, 50);
}

/**
 * `_fbp` as Meta's "fbp and fbc Parameters" describes it: `fb.{subdomainIndex}.{creationTime}.{random}`
 * (e.g. fb.1.1596403881668.1116446470); `_fbc`: `fb.{subdomainIndex}.{creationTime}.{fbclid}`. A value
 * of another shape, or too long, is dropped rather than sent.
 */
// Meta's parameter builder may add an appendix (".AQ…") after the last part.
const FBP = /^fb\.[0-2]\.\d{10,13}\.\d{1,20}(\.[A-Za-z0-9_-]{1,40})?$/;
const FBC = /^fb\.[0-2]\.\d{10,13}\.[A-Za-z0-9_-]{1,500}(\.[A-Za-z0-9_-]{1,40})?$/;

export function wellFormedFbp(value: string | undefined | null): string | null {
  return value && FBP.test(value) ? value : null;
}

export function wellFormedFbc(value: string | undefined | null): string | null {
  return value && FBC.test(value) ? value : null;
}

/**
 * An order moved into one of these has been confirmed: by the customer's press (pending →
 * processing), by staff moving a high-risk order on, or by staff moving any order to Ready to
 * Ship or further. Its one Purchase is recorded then.
 */
export const PURCHASE_STATUSES = ["processing", "shipped", "delivered"] as const;

/** An order in one of these when its Purchase's turn comes earned nothing: the Purchase is not sent. */
export const NO_PURCHASE_STATUSES = ["cancelled", "returned"] as const;
