import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { wellFormedFbc, wellFormedFbp } from "@shared/rules/meta-ads.js";
import type { AlsoInsert } from "../../db/statement-parts.js";
import { conversionsApiOf } from "./ads-config.js";

const MAX_USER_AGENT = 500;
const MAX_URL = 1000;

/**
 * The page the order was placed from, for the Purchase's `event_source_url`: the request's
 * Referer when it is one of the store's own pages (the browser sends the full URL of a
 * same-origin page), else the store's checkout page.
 */
function sourceUrl(app: FastifyInstance, request: FastifyRequest): string {
  const origin = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
  const referer = request.headers.referer;
  if (referer && referer.length <= MAX_URL) {
    try {
      const url = new URL(referer);
      const hosts = [request.host, app.config.publicUrl ? new URL(app.config.publicUrl).host : null];
      if (/^https?:$/.test(url.protocol) && hosts.includes(url.host)) return url.href;
    } catch {
      // not a URL: the checkout page below
    }
  }
  return `${origin}/checkout`;
}

/**
 * What the checkout request tells about the shopper's browser (the `_fbp` and `_fbc` cookies, the
 * user agent, the page), written in the order's own statement when the Conversions API is on.
 * A cookie of the wrong shape is not kept.
 */
export function adContextOnPlacement(app: FastifyInstance, request: FastifyRequest): AlsoInsert[] {
  if (!conversionsApiOf(app.config.metaAds)) return [];
  const cookies = request.cookies ?? {};
  const fbp = wellFormedFbp(cookies._fbp);
  const fbc = wellFormedFbc(cookies._fbc);
  const userAgent = String(request.headers["user-agent"] ?? "").slice(0, MAX_USER_AGENT);
  const url = sourceUrl(app, request);
  return [
    (orderId, onlyIfPlaced) => sql`insert into order_ad_context (order_id, fbp, fbc, user_agent, source_url)
      select ${orderId}::uuid, ${fbp}, ${fbc}, ${userAgent}, ${url} where ${onlyIfPlaced}`,
  ];
}
