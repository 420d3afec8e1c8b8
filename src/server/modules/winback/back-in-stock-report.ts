import { sql } from "drizzle-orm";
import { itemLabel, type ProductOption, type VariantOptions } from "@shared/catalogue/variants.js";
import { RECOVERY_DAYS } from "@shared/rules/winback.js";
import type { BackInStockDemand } from "@shared/schemas/winback.js";
import type { Db } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";

export const DEMAND_SORTS = ["waiting", "notified", "ordered", "product"] as const;
export type DemandSort = (typeof DEMAND_SORTS)[number];

const json = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);
/** The product's option names in order; none stored (a product from before its options): the label's own order. */
const optionOrder = (options: unknown): string[] | undefined => {
  const names = json<ProductOption[]>(options as string).map((o) => o.name);
  return names.length > 0 ? names : undefined;
};

/**
 * GET /api/admin/back-in-stock: demand per product and variant. `waiting` (not yet messaged),
 * `notified`, and `ordered`: notified phones that ordered that variant within 7 days of their
 * message. Most waiting first (the sizes to restock first), or by the column asked for.
 */
export async function backInStockDemand(db: Db, sort: DemandSort = "waiting"): Promise<{ items: BackInStockDemand[] }> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select r.product_id, r.variant_id, p.name, p.options as product_options, v.options, v.size, v.color,
        count(*) filter (where r.state in ('waiting', 'due'))::int as waiting,
        count(*) filter (where r.state = 'notified')::int as notified,
        count(*) filter (where r.state = 'notified' and exists (
          select 1 from orders o join order_items i on i.order_id = o.id
          where o.phone_key = right(r.phone, 10) and o.created_at >= r.notified_at
            and o.created_at < r.notified_at + make_interval(days => ${RECOVERY_DAYS}::int)
            and (i.variant_id = r.variant_id or (i.variant_id is null and i.product_id = r.product_id
                 and i.size = v.size and i.color = v.color))))::int as ordered
      from back_in_stock_requests r join products p on p.id = r.product_id
        join product_variants v on v.id = r.variant_id
      where r.state <> 'lapsed'
      group by r.product_id, r.variant_id, p.name, p.options, v.options, v.size, v.color`),
  );
  const items = rows.map((r): BackInStockDemand => {
    const order = optionOrder(r.product_options);
    return {
      productId: Number(r.product_id),
      productName: String(r.name),
      variantId: Number(r.variant_id),
      size: String(r.size),
      color: String(r.color),
      label: itemLabel(String(r.name), json<VariantOptions>(r.options as string), order),
      waiting: Number(r.waiting),
      notified: Number(r.notified),
      ordered: Number(r.ordered),
    };
  });
  items.sort((a, b) =>
    sort === "product"
      ? a.label.localeCompare(b.label)
      : b[sort] - a[sort] || b.waiting - a.waiting || a.label.localeCompare(b.label),
  );
  return { items };
}
