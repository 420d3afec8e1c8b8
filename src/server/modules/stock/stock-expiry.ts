import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../../app.js";
import { queryRows } from "../../db/rows.js";
import { onlineDay, pruneBudgets } from "./online-limits.js";

export const RELEASE_UNCONFIRMED = "stock.release-unconfirmed";
export const RELEASE_EVERY_MS = 5 * 60_000;
/** CONFIRM_EXPIRY_HOURS's default (env.ts), for an app built without it (tests). */
const DEFAULT_EXPIRY_HOURS = 48;
/** Orders released per statement; a pass goes on until none is left (bounded). */
const BATCH = 500;
const MAX_BATCHES = 200;

export const RELEASE_NOTE_AUTHOR = "system";
export const RELEASE_NOTE =
  "Stock released: this web order was not confirmed in time, so its items went back on sale. Moving it on takes them again if they are still there.";

/** When an unconfirmed order's confirmation expires: CONFIRM_EXPIRY_HOURS, with WhatsApp on or off. */
export function confirmExpiryHours(config: AppConfig): number {
  return config.whatsapp?.expiryHours ?? config.confirmExpiryHours ?? DEFAULT_EXPIRY_HOURS;
}

/**
 * Gives back what unconfirmed web orders still set aside once their confirmation has expired
 * (CONFIRM_EXPIRY_HOURS after placement), whatever AUTO_CANCEL_UNCONFIRMED says (decision 012).
 * The order stays pending for an agent, with a note; a confirmed order (a high-risk one waiting
 * for an agent) keeps its units. Locks as the release trigger does: the orders (skipping any a
 * writer holds, taken at the next pass), then their stock rows in key order; `held` turns false
 * in the same statement, so nothing is given back twice. Answers how many orders gave units back.
 */
export async function releaseExpiredStock(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  const cutoff = new Date(now.getTime() - confirmExpiryHours(app.config) * 60 * 60_000).toISOString();
  const released: string[] = [];
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const marked = await queryRows<{ id: string }>(
      app.db,
      sql`
      with expired as (
        select o.id from orders o
        where o.status = 'pending' and o.source = 'web' and o.stock_released_at is null
          and o.confirmation_state <> 'confirmed' and o.created_at <= ${cutoff}::timestamptz
          and exists (select 1 from order_stock h where h.order_id = o.id and h.held)
        order by o.created_at, o.id
        limit ${BATCH}
        for update of o skip locked
      ),
      locked as (
        select 1 from product_stock s join order_stock h using (variant_id)
        where h.order_id in (select id from expired) and h.held
        order by s.variant_id
        for update of s
      ),
      released as (
        update order_stock h set held = false
        where h.order_id in (select id from expired) and h.held and (select count(*) from locked) >= 0
        returning h.order_id, h.variant_id, h.quantity
      ),
      restocked as (
        update product_stock s set quantity = s.quantity + r.quantity
        from (select variant_id, sum(quantity)::int as quantity from released group by 1) r
        where s.variant_id = r.variant_id
      ),
      marked as (
        update orders set stock_released_at = ${now.toISOString()}::timestamptz
        where id in (select distinct order_id from released)
        returning id
      ),
      noted as (
        insert into order_notes (order_id, author, text, created_at)
        select id, ${RELEASE_NOTE_AUTHOR}, ${RELEASE_NOTE}, ${now.toISOString()}::timestamptz from marked
      )
      select id from marked`,
    );
    released.push(...marked.map((r) => String(r.id)));
    if (marked.length < BATCH) break;
  }
  // Each batch committed on its own; the units went back on sale, so the catalogue is told.
  await app.orderCore.changed({ touched: released, stockLowest: released.length > 0 ? 0 : null });
  await pruneBudgets(app.db, onlineDay(now));
  return released.length;
}

/** The release runs as a durable recurring job (decision 006), on one app server at a time. */
export function registerStockExpiry(app: FastifyInstance): void {
  app.jobs.every(RELEASE_UNCONFIRMED, RELEASE_EVERY_MS, async () => {
    await releaseExpiredStock(app);
  });
}
