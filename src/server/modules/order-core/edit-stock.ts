import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { lockVariants, notEnoughStock, stockResultColumns, takeStockCtes, type StockLine } from "../stock/index.js";

/**
 * An order's counted stock when its items change, in the change's transaction (the order row
 * already locked): every variant it holds or will hold is locked in key order first (as
 * placement and the release trigger lock them, so no two writers wait in a circle), what it held
 * goes back on the shelf, and the new lines are taken by placement's own stock statement
 * (`takeStockCtes`), every line held. A line that asks for more than is left refuses with 409
 * naming it, and the caller's transaction rolls back whole. Answers the lowest count a write
 * left (0 when units went back on sale), or null when no counted stock was touched.
 */
export async function moveOrderStock(tx: Db, orderId: string, lines: StockLine[]): Promise<number | null> {
  const held = await queryRows<{ product_id: number; size: string; color: string }>(
    tx,
    sql`select product_id, size, color from order_stock where order_id = ${orderId}::uuid`,
  );
  await lockVariants(tx, [
    ...held.map((h) => ({ productId: Number(h.product_id), size: h.size, color: h.color })),
    ...lines,
  ]);
  // Rows of a variant deleted since (no variant_id) have no shelf to go back to.
  const back = await queryRows<{ quantity: unknown }>(
    tx,
    sql`with gone as (
          delete from order_stock where order_id = ${orderId}::uuid
          returning variant_id, quantity, held
        ),
        back as (
          select variant_id, sum(quantity)::int as quantity from gone
          where held and variant_id is not null group by 1
        )
        update product_stock s set quantity = s.quantity + b.quantity from back b
        where s.variant_id = b.variant_id
        returning s.quantity`,
  );
  const gaveBack = back.length > 0 ? 0 : null;
  if (lines.length === 0) return gaveBack;
  const take = takeStockCtes(lines);
  const [row] = await queryRows<{ stock_ok: boolean; stock_left: unknown; stock_lowest: unknown }>(
    tx,
    sql`with ${take.before}
        placed as (select id from orders where id = ${orderId}::uuid and (select ok from stock_ok)),
        ${take.after}
        done as (select 1)
        select ${stockResultColumns}`,
  );
  if (!row.stock_ok) throw notEnoughStock(lines, row.stock_left);
  return gaveBack ?? (row.stock_lowest === null ? null : Number(row.stock_lowest));
}
