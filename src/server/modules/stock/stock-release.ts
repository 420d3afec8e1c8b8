import { sql } from "drizzle-orm";
import { variantLabel } from "@shared/rules/stock.js";
import type { Db } from "../../db/client.js";
import { sqlState } from "../../db/errors.js";
import { AppError } from "../../lib/app-error.js";
import { queryRows } from "../../db/rows.js";

/** What the orders would need to take again and is no longer there: "Kurta (M / Red): 2 left, 4 needed". */
async function shortLines(db: Db, orderIds: string[]): Promise<string[]> {
  const rows = await queryRows<{
    name: string;
    size: string;
    color: string;
    options: Record<string, string> | null;
    left: unknown;
    wanted: unknown;
  }>(
    db,
    sql`select coalesce(p.name, 'Product #' || h.product_id) as name, h.size, h.color, v.options,
          coalesce(s.quantity, 0) as left, h.quantity as wanted
        from order_stock h
        left join products p on p.id = h.product_id
        left join product_variants v on v.id = h.variant_id
        left join product_stock s on s.variant_id = h.variant_id
        where h.order_id in (select value::uuid from json_array_elements_text(${JSON.stringify(orderIds)}::json))
          and not h.held and coalesce(s.quantity, 0) < h.quantity
        order by 1, h.size, h.color
        limit 5`,
  );
  return rows.map(
    (r) =>
      `${variantLabel(r.name, r.size, r.color, r.options ?? undefined)}: ${Number(r.left)} left, ${Number(r.wanted)} needed`,
  );
}

/**
 * Stock goes back by itself when an order moves into a releasing status (migration 0005's
 * trigger), or when an unconfirmed web order's confirmation expires (stock-expiry.ts). Moving it
 * on or out again takes the units again (migration 0009's trigger); when they are no longer there
 * the trigger refuses with check_violation, the change is not made, and the 409 names what is
 * missing (decision 012).
 */
export async function refuseShortStock<T>(db: Db, orderIds: string[], change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (err) {
    if (sqlState(err) !== "23514") throw err;
    const missing = await shortLines(db, orderIds).catch(() => []);
    const what = missing.length > 0 ? `: ${missing.join("; ")}` : "";
    throw new AppError(
      "CONFLICT",
      `Not enough stock is left for this order${what}. Its items went back on sale when it was cancelled or not confirmed in time; restock them (Products) or take a new order`,
    );
  }
}
