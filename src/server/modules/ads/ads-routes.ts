import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql } from "drizzle-orm";
import { META_EVENT_STATES, type MetaEventState } from "@shared/rules/meta-ads.js";
import type { AdsStatus, MetaEventRow } from "@shared/schemas/ads.js";
import { queryRows } from "../../db/rows.js";
import { networkKey } from "../../lib/network-key.js";
import { Throttle } from "../../lib/throttle.js";
import { listSettings } from "../settings/index.js";
import { conversionsApiOf } from "./ads-config.js";
import { registerMetaEvents } from "./meta-events.js";
import { FeedCache, feedBody } from "./feed-cache.js";

const DAY_MS = 24 * 60 * 60_000;
const RECENT = 20;
/**
 * Feed requests one network may make per 10 minutes: a catalogue reads it a few times a day, a
 * person checking it a few times an hour. Kept feeds cost little, but each is megabytes sent.
 */
export const FEED_REQUESTS_PER_NETWORK = 60;

/** The store's origin for the feed's absolute links: PUBLIC_URL, else the request's. */
function originOf(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

async function siteName(app: FastifyInstance): Promise<string> {
  const value = (await listSettings(app.db)).find((s) => s.key === "site_name")?.value;
  return typeof value === "string" && value.trim() ? value.trim() : "Store";
}

async function adsStatus(app: FastifyInstance, origin: string): Promise<AdsStatus> {
  const config = app.config.metaAds;
  const since = new Date(app.clock.now().getTime() - 30 * DAY_MS).toISOString();
  const counted = await queryRows<{ state: MetaEventState; n: number | string }>(
    app.db,
    sql`select state, count(*) as n from meta_events where created_at >= ${since}::timestamptz group by state`,
  );
  const counts = Object.fromEntries(META_EVENT_STATES.map((s) => [s, 0])) as Record<MetaEventState, number>;
  for (const row of counted) counts[row.state] = Number(row.n);
  const recent = await queryRows<{
    order_id: string;
    event_name: MetaEventRow["eventName"];
    event_time: string | Date;
    state: MetaEventState;
    attempts: number;
    last_error: string | null;
    finished_at: string | Date | null;
  }>(
    app.db,
    sql`select order_id, event_name, event_time, state, attempts, last_error, finished_at
        from meta_events order by id desc limit ${RECENT}`,
  );
  const missing = [...(config ? [] : ["META_PIXEL_ID"]), ...(conversionsApiOf(config) ? [] : ["META_CAPI_TOKEN"])];
  return {
    pixel: { enabled: !!config, pixelId: config?.pixelId ?? null },
    conversionsApi: { enabled: !!conversionsApiOf(config), missing, deliveryEvents: !!config?.deliveryEvents },
    counts,
    recent: recent.map((r) => ({
      orderId: String(r.order_id),
      eventName: r.event_name,
      eventTime: new Date(r.event_time).toISOString(),
      state: r.state,
      attempts: Number(r.attempts),
      lastError: r.last_error,
      finishedAt: r.finished_at === null ? null : new Date(r.finished_at).toISOString(),
    })),
    feedUrl: `${origin}/feeds/products.xml`,
  };
}

/** Meta's pixel and Conversions API, and the product feed for Meta's and Google's catalogues. */
export async function adsRoutes(app: FastifyInstance): Promise<void> {
  const capi = conversionsApiOf(app.config.metaAds);
  if (capi) registerMetaEvents(app, capi);

  app.get("/api/admin/ads", { config: { access: "owner" } }, async (request) => adsStatus(app, originOf(app, request)));

  // Public and cheap to poll: a catalogue asks often; an unchanged feed answers 304 without being
  // built, a changed one is built once and kept gzipped for a minute.
  const feeds = new FeedCache(app.db, app.clock, app.catalogueCache, () => siteName(app));
  const perNetwork = new Throttle(
    FEED_REQUESTS_PER_NETWORK,
    10 * 60_000,
    "product feed requests from your network",
    app.throttleStore,
  );
  app.get("/feeds/products.xml", { config: { access: "public" } }, async (request, reply) => {
    await perNetwork.take(networkKey(request.ip));
    const origin = originOf(app, request);
    reply.header("Cache-Control", "public, max-age=60").header("Vary", "Accept-Encoding");
    // A catalogue checking whether anything changed (HEAD, If-None-Match) is answered from the ETag alone.
    if (request.method === "HEAD" || request.headers["if-none-match"] !== undefined) {
      const etag = await feeds.etag(origin);
      reply.header("ETag", etag);
      if (request.headers["if-none-match"] === etag) return reply.status(304).send();
      if (request.method === "HEAD") return reply.type("application/xml; charset=utf-8").send();
    }
    const feed = await feeds.feed(origin);
    const { gzip, body } = feedBody(feed, request.headers["accept-encoding"]);
    if (gzip) reply.header("Content-Encoding", "gzip");
    return reply.header("ETag", feed.etag).type("application/xml; charset=utf-8").send(body);
  });
}
