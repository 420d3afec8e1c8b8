import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";

/**
 * A size and colour of a product, spelt as the catalogue (and product_stock) spells it: the
 * variants with those values (one, for a product whose only options are Size and Color).
 */
export interface Variant {
  productId: number;
  size: string;
  color: string;
}

const keysJson = (variants: Variant[]) =>
  JSON.stringify(variants.map((v) => ({ product_id: v.productId, size: v.size, color: v.color })));

/**
 * Locks the stock rows of these variants in key order, as placement and the release trigger lock
 * them (decision 007). A transaction that takes some variants and gives others back calls this
 * first with all of them, so two such transactions never wait on each other in a circle.
 */
export async function lockVariants(tx: Db, variants: Variant[]): Promise<void> {
  if (variants.length === 0) return;
  await tx.execute(sql`
    select 1 from product_stock s
    join json_to_recordset(${keysJson(variants)}::json) as v(product_id int, size text, color text)
      on s.product_id = v.product_id and s.size = v.size and s.color = v.color
    order by s.variant_id
    for update of s`);
}

/**
 * Items a customer sent back (a completed return or exchange) go back on the shelf: what the order
 * still holds of each variant (order_stock with `held`, the same record the release trigger of
 * migration 0005 gives back from) shrinks by the returned quantity, and product_stock grows by it.
 * Only units the order holds are given: an order placed before its product counted stock, or one
 * already cancelled or returned (its stock given back by the trigger), gives nothing more, and a
 * later cancellation gives back only what is still held. The caller holds the order row locked
 * (as a status change does) and has locked the variants (`lockVariants`). Returns how many units
 * went back.
 */
export async function putBackReturnedItems(
  tx: Db,
  orderId: string,
  items: (Variant & { quantity: number; variantId?: number })[],
): Promise<number> {
  if (items.length === 0) return 0;
  const wanted = JSON.stringify(
    items.map((i) => ({
      product_id: i.productId,
      size: i.size,
      color: i.color,
      variant_id: i.variantId ?? null,
      quantity: i.quantity,
    })),
  );
  // An item names its variant (two may share a size and colour: Unstitched and Stitched in M);
  // one asked for before variants were recorded with it, its size and colour.
  const [row] = await queryRows<{ units: unknown }>(
    tx,
    sql`with wanted as (
          select product_id, size, color, variant_id, sum(quantity)::int as quantity
          from json_to_recordset(${wanted}::json) as w(product_id int, size text, color text, variant_id int, quantity int)
          group by 1, 2, 3, 4
        ),
        back as (
          select o.variant_id, least(o.quantity, w.quantity) as quantity
          from order_stock o join wanted w on o.product_id = w.product_id
            and case when w.variant_id is null then (o.size, o.color) = (w.size, w.color) else o.variant_id = w.variant_id end
          where o.order_id = ${orderId}::uuid and o.held and o.quantity > 0 and o.variant_id is not null
        ),
        less_held as (
          update order_stock o set quantity = o.quantity - b.quantity from back b
          where o.order_id = ${orderId}::uuid and o.variant_id = b.variant_id
        ),
        restocked as (
          update product_stock s set quantity = s.quantity + b.quantity from back b
          where s.variant_id = b.variant_id
          returning b.quantity
        )
        select coalesce(sum(quantity), 0)::int as units from restocked`,
  );
  return Number(row.units);
}
