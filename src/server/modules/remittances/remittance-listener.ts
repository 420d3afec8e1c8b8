import { sql } from "drizzle-orm";
import type { StatusChange } from "../order-core/index.js";
import type { Db } from "../../db/client.js";

/** The advisory lock payments are recorded under (import-settlement.ts). */
export const PAYMENTS_LOCK = 27027;

const idsJson = (ids: string[]) =>
  sql`array(select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))`;

/**
 * The order core's in-transaction listener (decision 028): an order that enters `delivered` adds
 * its COD (and its payment, if the courier paid before the delivery was recorded) to the
 * summaries; one that leaves it (a late return, a correction) takes them out again. A payment
 * already recorded for the parcel is checked now it is delivered: short is flagged, and its
 * "paid, not delivered" flag is closed.
 */
export async function summarizeDeliveries(tx: Db, changes: StatusChange[]): Promise<void> {
  const entered = changes.filter((c) => c.to === "delivered").map((c) => c.orderId);
  const left = changes.filter((c) => c.from === "delivered").map((c) => c.orderId);
  if (left.length + entered.length === 0) return;
  // Shared with other deliveries, exclusive with payments being recorded (import-settlement.ts):
  // whichever commits first, the other reads what it wrote.
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${PAYMENTS_LOCK})`);
  if (left.length) await tx.execute(sql`select remittance_apply_orders(${idsJson(left)}, -1)`);
  if (entered.length === 0) return;
  await tx.execute(sql`select remittance_apply_orders(${idsJson(entered)}, 1)`);
  await tx.execute(sql`
    with paid as (
      select o.id, o.courier, o.tracking_number, o.cod_amount as expected, pay.amount, pay.charges, pay.tax
      from orders o join remittance_payments pay on pay.order_id = o.id and pay.counted
      where o.id = any(${idsJson(entered)}) and o.courier is not null
    ),
    closed as (
      update remittance_flags f set resolved_at = now(), resolved_by = 'system', note = 'Delivered since'
      from paid where f.order_id = paid.id and f.kind = 'paid_not_delivered' and f.resolved_at is null
    )
    insert into remittance_flags (courier, kind, order_id, tracking_number, expected, received)
    select courier, 'short', id, tracking_number, expected, amount from paid
    where amount + charges + tax < expected - 1
    on conflict do nothing`);
}
