import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  META_CONTENT_TYPE,
  META_EVENT_MAX_AGE_MS,
  metaContentId,
  NO_PURCHASE_STATUSES,
  PURCHASE_STATUSES,
  type MetaServerEvent,
} from "@shared/rules/meta-ads.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { retryDelayMs } from "../../jobs/job-runner.js";
import type { StatusChange } from "../order-core/index.js";
import type { MetaAdsConfig } from "./ads-config.js";
import { ConversionsApiError, sendServerEvents, type ServerEvent } from "./conversions-api.js";
import { userData } from "./user-data.js";

/** The job runner's name for the outbox (drained by one app server at a time). */
export const META_EVENTS_QUEUE = "meta-events";
/** How long a claimed event is this server's; a server that stops mid-send leaves it to another after. */
const CLAIM_MS = 2 * 60_000;
/** Requests to Meta in flight at once. */
const PARALLEL = 4;

type Capi = MetaAdsConfig & { capiToken: string };

/** The events a set of status changes records: a Purchase on confirmation, and the optional custom ones. */
function eventsFor(changes: StatusChange[], config: Capi): { orderId: string; eventName: MetaServerEvent }[] {
  const events: { orderId: string; eventName: MetaServerEvent }[] = [];
  for (const c of changes) {
    if ((PURCHASE_STATUSES as readonly string[]).includes(c.to))
      events.push({ orderId: c.orderId, eventName: "Purchase" });
    if (!config.deliveryEvents) continue;
    if (c.to === "delivered") events.push({ orderId: c.orderId, eventName: "Delivered" });
    if (c.to === "returned") events.push({ orderId: c.orderId, eventName: "Returned" });
  }
  return events;
}

/**
 * Records the events of a status change in its own transaction (the order core's listener): one
 * row per web order and event, ever (a unique index), so an order that goes back to pending and
 * is confirmed again, or two servers confirming it at once, record one Purchase. Delivered and
 * Returned follow only an order that had its Purchase. Orders taken by staff came from no web
 * page Meta could match, and are left out.
 */
export async function recordMetaEvents(tx: Db, changes: StatusChange[], config: Capi, at: Date): Promise<void> {
  const events = eventsFor(changes, config);
  if (events.length === 0) return;
  await tx.execute(sql`
    insert into meta_events (order_id, event_name, event_time)
    select e."orderId"::uuid, e."eventName", ${at.toISOString()}::timestamptz
    from json_to_recordset(${JSON.stringify(events)}::json) as e("orderId" text, "eventName" text)
    join orders o on o.id = e."orderId"::uuid and o.source = 'web'
    where e."eventName" = 'Purchase'
      or exists (select 1 from meta_events p where p.order_id = o.id and p.event_name = 'Purchase')
    on conflict (order_id, event_name) do nothing`);
}

interface Claimed {
  id: string | number;
  order_id: string;
  event_name: MetaServerEvent;
  event_time: string | Date;
  attempts: number;
  locked_until: string | Date;
}

interface EventOrder {
  id: string;
  status: string;
  customer_phone: string;
  customer_email: string;
  total: string;
  fbp: string | null;
  fbc: string | null;
  user_agent: string | null;
  source_url: string | null;
  /** What became of the order's Purchase (the custom events follow it). */
  purchase_state: string | null;
  items: EventItem[] | string;
}

interface EventItem {
  productId: number;
  quantity: number;
  price: string;
}

/** Claims due events (and those a stopped server left mid-send), at most `limit`. */
async function claim(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  const at = now.toISOString();
  return queryRows<Claimed>(
    db,
    sql`update meta_events m set state = 'sending', attempts = m.attempts + 1,
          locked_until = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz
        where m.id in (
          select id from meta_events
          where (state = 'queued' and next_attempt_at <= ${at}::timestamptz)
             or (state = 'sending' and locked_until < ${at}::timestamptz)
          order by next_attempt_at, id
          limit ${limit}
          for update skip locked)
        returning m.id, m.order_id, m.event_name, m.event_time, m.attempts, m.locked_until`,
  );
}

async function loadOrders(db: Db, ids: string[]): Promise<Map<string, EventOrder>> {
  const rows = await queryRows<EventOrder>(
    db,
    sql`select o.id, o.status, o.customer_phone, o.customer_email, o.total::text as total,
          c.fbp, c.fbc, c.user_agent, c.source_url,
          (select p.state from meta_events p where p.order_id = o.id and p.event_name = 'Purchase') as purchase_state,
          coalesce((select json_agg(json_build_object('productId', i.product_id, 'quantity', i.quantity,
                     'price', i.price::text) order by i.id)
                    from order_items i where i.order_id = o.id), '[]'::json) as items
        from orders o left join order_ad_context c on c.order_id = o.id
        where o.id in (select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))`,
  );
  return new Map(rows.map((r) => [String(r.id), r]));
}

/** The event as Meta's "Server Event Parameters" want it: value in PKR, the products by their feed group id. */
export function serverEvent(event: Claimed, order: EventOrder): ServerEvent {
  const items: EventItem[] = typeof order.items === "string" ? JSON.parse(order.items) : order.items;
  const contentIds = [...new Set(items.map((i) => metaContentId(i.productId)))];
  const purchase = event.event_name === "Purchase";
  return {
    event_name: event.event_name,
    event_time: Math.floor(new Date(event.event_time).getTime() / 1000),
    // The order id: Meta counts a Purchase sent twice (a time-out, then the retry) once.
    event_id: purchase ? order.id : `${order.id}.${event.event_name.toLowerCase()}`,
    action_source: "website",
    ...(order.source_url ? { event_source_url: order.source_url } : {}),
    user_data: userData({
      phone: order.customer_phone,
      email: order.customer_email,
      fbp: order.fbp,
      fbc: order.fbc,
      userAgent: order.user_agent ?? "",
    }),
    custom_data: {
      currency: "PKR",
      value: Number(order.total),
      content_ids: contentIds,
      content_type: META_CONTENT_TYPE,
      num_items: items.reduce((n, i) => n + i.quantity, 0),
      ...(purchase
        ? {
            contents: items.map((i) => ({
              id: metaContentId(i.productId),
              quantity: i.quantity,
              item_price: Number(i.price),
            })),
          }
        : {}),
    },
  };
}

type Outcome =
  | { state: "sent"; fbtraceId: string | null }
  | { state: "dropped" | "skipped"; why: string }
  | { state: "failed"; why: string; fbtraceId: string | null }
  | { state: "queued"; why: string; retryAt: Date };

async function settle(db: Db, event: Claimed, outcome: Outcome, now: Date): Promise<void> {
  const ours = sql`id = ${Number(event.id)} and state = 'sending'
    and locked_until = ${new Date(event.locked_until).toISOString()}::timestamptz`;
  const at = now.toISOString();
  if (outcome.state === "queued")
    await db.execute(sql`update meta_events set state = 'queued', locked_until = null, last_error = ${outcome.why},
      next_attempt_at = ${outcome.retryAt.toISOString()}::timestamptz where ${ours}`);
  else
    await db.execute(sql`update meta_events set state = ${outcome.state}, locked_until = null,
      last_error = ${"why" in outcome ? outcome.why.slice(0, 1000) : null},
      fbtrace_id = ${"fbtraceId" in outcome ? outcome.fbtraceId : null}, finished_at = ${at}::timestamptz
      where ${ours}`);
}

/** One event's turn: dropped when 7 days old, skipped for an order that earned nothing, else sent. */
async function sendOne(config: Capi, event: Claimed, order: EventOrder | undefined, now: Date): Promise<Outcome> {
  if (now.getTime() - new Date(event.event_time).getTime() > META_EVENT_MAX_AGE_MS)
    return { state: "dropped", why: "Older than 7 days: Meta refuses such events, so it was not sent." };
  if (!order) return { state: "skipped", why: "The order no longer exists." };
  if (event.event_name === "Purchase" && (NO_PURCHASE_STATUSES as readonly string[]).includes(order.status))
    return { state: "skipped", why: `The order was ${order.status} before its Purchase was sent.` };
  // Delivered and Returned follow a Purchase Meta has: after it, and never without it.
  if (event.event_name !== "Purchase" && order.purchase_state !== "sent") {
    if (order.purchase_state === "queued" || order.purchase_state === "sending")
      return {
        state: "queued",
        why: "Waits for the order's Purchase to be sent first.",
        retryAt: new Date(now.getTime() + retryDelayMs(1)),
      };
    return { state: "skipped", why: "The order's Purchase was not sent." };
  }
  try {
    const answer = await sendServerEvents(config, [serverEvent(event, order)]);
    return { state: "sent", fbtraceId: answer.fbtraceId };
  } catch (err) {
    const error =
      err instanceof ConversionsApiError ? err : new ConversionsApiError(String(err), null, null, true, null);
    if (!error.retry) return { state: "failed", why: error.message, fbtraceId: error.fbtraceId };
    return { state: "queued", why: error.message, retryAt: new Date(now.getTime() + retryDelayMs(event.attempts)) };
  }
}

/**
 * Drains the outbox (the job runner's queue, one app server at a time, and each row claimed with
 * SKIP LOCKED besides): sends each due event, retries Meta's passing errors with backoff until
 * the event is 7 days old, then drops it. Answers how many it took.
 */
export async function drainMetaEvents(app: FastifyInstance, config: Capi, limit: number): Promise<number> {
  const now = app.clock.now();
  const claimed = await claim(app.db, now, limit);
  if (claimed.length === 0) return 0;
  const orders = await loadOrders(app.db, [...new Set(claimed.map((c) => String(c.order_id)))]);
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) {
      const event = claimed[next++];
      const outcome = await sendOne(config, event, orders.get(String(event.order_id)), now);
      if (outcome.state === "queued" || outcome.state === "failed")
        app.log.warn({ orderId: event.order_id, event: event.event_name, error: outcome.why }, "Meta event not sent");
      await settle(app.db, event, outcome, now);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, claimed.length) }, worker));
  return claimed.length;
}

/** Whether committed changes recorded events for Meta: the outbox then sends them now. */
export const recordedMetaEvents = (changes: StatusChange[], config: Capi) =>
  changes.some((c) => eventsFor([c], config).length > 0);

/** Registers the outbox's drain (the listeners are in modules/order-satellites.ts). */
export function registerMetaEvents(app: FastifyInstance, config: Capi): void {
  app.jobs.registerQueue(META_EVENTS_QUEUE, (limit) => drainMetaEvents(app, config, limit));
}
