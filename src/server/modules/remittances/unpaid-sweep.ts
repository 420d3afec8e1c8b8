import { sql } from "drizzle-orm";
import { UNPAID_AFTER_DAYS } from "@shared/schemas/remittances.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";

const DAY_MS = 86_400_000;
/** The sweep does nothing when it ran less than this long ago (it runs before every read). */
const SWEEP_STEP_MS = 60_000;

/**
 * Flags delivered parcels with no payment UNPAID_AFTER_DAYS after delivery. It walks only the
 * deliveries since its last run (a watermark in `remittance_sweep`), through the index of
 * delivered orders by delivery time, so it costs nothing when nothing new is due. Answers how
 * many flags it made.
 */
export async function flagUnpaidParcels(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNPAID_AFTER_DAYS * DAY_MS);
  const [mark] = await queryRows<{ flagged_before: string | Date }>(
    db,
    sql`select flagged_before from remittance_sweep where id = 1`,
  );
  const before = mark ? new Date(mark.flagged_before) : new Date(0);
  if (!Number.isNaN(before.getTime()) && cutoff.getTime() - before.getTime() < SWEEP_STEP_MS) return 0;
  return db.transaction(async (tx) => {
    const [{ flagged_before: from }] = await queryRows<{ flagged_before: string }>(
      tx as unknown as Db,
      sql`select flagged_before::text from remittance_sweep where id = 1 for update`,
    );
    const made = await queryRows<{ id: string }>(
      tx as unknown as Db,
      sql`insert into remittance_flags (courier, kind, order_id, tracking_number, expected, received)
        select o.courier, 'unpaid', o.id, coalesce(o.tracking_number, '#' || upper(left(o.id::text, 8))),
          o.cod_amount, 0
        from orders o
        where o.status = 'delivered' and o.delivered_at >= ${from}::timestamptz and o.delivered_at < ${cutoff.toISOString()}::timestamptz
          and o.courier is not null
          and not exists (select 1 from remittance_payments p where p.order_id = o.id and p.counted)
        on conflict do nothing
        returning id::text`,
    );
    await tx.execute(
      sql`update remittance_sweep set flagged_before = greatest(flagged_before, ${cutoff.toISOString()}::timestamptz) where id = 1`,
    );
    return made.length;
  });
}
