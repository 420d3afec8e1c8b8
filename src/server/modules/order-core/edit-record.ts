import { sql } from "drizzle-orm";
import { formatRs } from "@shared/rules/money.js";
import { COLOR_OPTION, itemLabel, SIZE_OPTION, type VariantOptions } from "@shared/catalogue/variants.js";
import type { ItemEditOutcome } from "@shared/schemas/order-edits.js";
import type { OrderItem } from "@shared/schemas/orders.js";
import type { Db } from "../../db/client.js";

type DescribedItem = Pick<OrderItem, "productName" | "size" | "color" | "quantity" | "options">;

/**
 * "Lawn suit: Stitched / M / Red x 2; Silk dupatta x 1": an order's items in one line, each
 * variant named by the shared `itemLabel` (its options, or the size and colour they stand for).
 */
export function describeItems(items: readonly DescribedItem[]): string {
  return items
    .map((i) => {
      const options = i.options && Object.keys(i.options).length > 0 ? i.options : optionsOf(i);
      return `${itemLabel(i.productName, options)} x ${i.quantity}`;
    })
    .join("; ");
}

const optionsOf = (i: Pick<OrderItem, "size" | "color">): VariantOptions => ({
  ...(i.size ? { [SIZE_OPTION]: i.size } : {}),
  ...(i.color ? { [COLOR_OPTION]: i.color } : {}),
});

/** The timeline's line for an item change (order_status_events.status is the timeline's text). */
const TIMELINE_LIMIT = 480;

/**
 * An item change on the order's timeline ("Items changed: … → …; total … → …") and in the
 * audit log (the items and amounts before and after, the agent's note), by the staff member.
 */
export async function itemChangeAudit(
  tx: Db,
  change: {
    orderId: string;
    actor: string;
    note?: string;
    before: { items: OrderItem[]; row: { total: string; codAmount: string } };
    after: ItemEditOutcome;
  },
): Promise<void> {
  const { orderId, actor, note, before, after } = change;
  const text =
    `Items changed: ${describeItems(before.items)} → ${describeItems(after.items)}; ` +
    `total ${formatRs(before.row.total)} → ${formatRs(after.after.total)}, ` +
    `cash to collect ${formatRs(before.row.codAmount)} → ${formatRs(after.after.codAmount)}` +
    (note ? ` (${note})` : "");
  const line = text.length > TIMELINE_LIMIT ? `${text.slice(0, TIMELINE_LIMIT - 1)}…` : text;
  const auditBefore = { items: before.items, total: before.row.total, codAmount: before.row.codAmount };
  const auditAfter = {
    items: after.items,
    total: String(after.after.total),
    codAmount: String(after.after.codAmount),
    discountCode: after.code?.applied ? after.code.code : null,
    ...(note ? { note } : {}),
  };
  await tx.execute(sql`
    with timeline as (
      insert into order_status_events (order_id, status, actor) values (${orderId}::uuid, ${line}, ${actor})
    )
    insert into audit_log (actor, action, entity, entity_id, order_id, before, after)
    values (${actor}, 'order.items-changed', 'order', ${orderId}, ${orderId}::uuid,
            ${JSON.stringify(auditBefore)}::jsonb, ${JSON.stringify(auditAfter)}::jsonb)`);
}
