import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";

/**
 * The advance's status once an order's items (and so its total and the advance its rules ask)
 * changed (order-core/edit-order-items.ts), in that change's transaction: nothing asked and
 * nothing paid is `none`; what was paid covering what is asked is `paid`; a proof waiting for a
 * look, or refused, stays so; otherwise more is owed: `due`. What was paid stays recorded (the
 * cash to collect is total − paid).
 */
export async function settleAdvanceAfterEdit(tx: Db, orderId: string): Promise<void> {
  await tx.execute(sql`
    with next as (
      select id, case
          when advance_amount <= 0 and advance_paid <= 0 then 'none'
          when advance_paid >= advance_amount and advance_paid > 0 then 'paid'
          when advance_status in ('submitted', 'rejected') then advance_status
          else 'due' end as status
      from orders where id = ${orderId}::uuid
    )
    update orders o set advance_status = n.status,
      advance_updated_at = case when o.advance_status <> n.status then now() else o.advance_updated_at end
    from next n where o.id = n.id`);
}
