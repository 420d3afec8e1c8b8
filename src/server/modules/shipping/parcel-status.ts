import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { enqueueJob } from "../../jobs/jobs.js";

/** A transaction or the database: status writes run inside the caller's transaction. */
export type Tx = Pick<Db, "execute" | "select" | "update" | "insert">;

export type ParcelMove = "shipped" | "delivered" | "returned" | "processing";

/** The only statuses each move may start from: a parcel never moves an order another way. */
const FROM: Record<ParcelMove, string[]> = {
  shipped: ["processing"],
  delivered: ["shipped"],
  returned: ["shipped"],
  processing: ["shipped"],
};

/** The WhatsApp message an order gets when it ships (courier-messages.ts registers its sender). */
export const SEND_SHIPPED_MESSAGE = "courier.whatsapp.shipped";

/**
 * Every order status change the couriers make, in one place (issue 21 swaps this for the order
 * core's `changeStatus(tx, {orderId, to, actor, onlyFrom})`): the status, its timeline event and,
 * when the order ships with WhatsApp on, its `order_shipped` message queued in the same
 * transaction. Returns whether the order moved.
 */
export async function moveParcelOrder(
  tx: Tx,
  orderId: string,
  to: ParcelMove,
  actor: string,
  options: { whatsapp: boolean },
): Promise<boolean> {
  const from = FROM[to];
  const moved = await tx.execute(sql`
    with moved as (
      update orders set status = ${to}
      where id = ${orderId}::uuid and status in (${sql.join(
        from.map((s) => sql`${s}`),
        sql`, `,
      )})
      returning id
    )
    insert into order_status_events (order_id, status, actor)
    select id, ${to}, ${actor} from moved
    returning order_id`);
  const changed = (moved as unknown as { rows: unknown[] }).rows.length > 0;
  if (changed && to === "shipped" && options.whatsapp)
    await enqueueJob(tx as Db, {
      kind: SEND_SHIPPED_MESSAGE,
      payload: { orderId },
      key: `courier:shipped:${orderId}`,
      maxAttempts: 5,
    });
  return changed;
}
