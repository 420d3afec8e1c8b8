import { sql, type SQL } from "drizzle-orm";
import type { Analytics } from "@shared/schemas/admin.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { latestProductNames, num } from "./sql-rows.js";

type ReturnToOrigin = Analytics["returnToOrigin"];

/** Cities and products shown: the ones with most parcels sent out. */
const RTO_LIST = 10;

type Row = { kind: "all" | "city" | "courier" | "product"; key: string | null; shipped: unknown; returned: unknown };

/**
 * The return-to-origin rate (returned ÷ handed to a courier) overall, per city, per courier and per
 * product, from the outcome roll-ups: their size is cities × couriers × 3 and products × 3, not orders.
 */
export async function returnToOrigin(db: Db, shipping: SQL, productOutcomes: SQL): Promise<ReturnToOrigin> {
  const rows = await queryRows<Row>(
    db,
    sql`with s as materialized (
          select city, courier, sum(orders)::int as shipped,
                 sum(orders) filter (where status = 'returned')::int as returned
          from ${shipping} s group by 1, 2 having sum(orders) > 0
        ),
        p as materialized (
          select product_id, sum(lines)::int as shipped, sum(lines) filter (where status = 'returned')::int as returned
          from ${productOutcomes} p group by 1 having sum(lines) > 0
        )
        select 'all' as kind, null as key, coalesce(sum(shipped), 0)::int as shipped, coalesce(sum(returned), 0)::int as returned from s
        union all
        (select 'city', city, sum(shipped)::int, coalesce(sum(returned), 0)::int from s
         group by city order by 3 desc, 2 asc limit ${RTO_LIST})
        union all
        select 'courier', courier, sum(shipped)::int, coalesce(sum(returned), 0)::int from s group by courier
        union all
        (select 'product', product_id::text, shipped, coalesce(returned, 0) from p
         order by 3 desc, 2 asc limit ${RTO_LIST})`,
  );
  const figures = (r: Row | undefined) => {
    const shipped = num(r?.shipped);
    const returned = num(r?.returned);
    return { shipped, returned, rate: shipped > 0 ? Math.round((returned / shipped) * 10000) / 100 : 0 };
  };
  const byRate = <T extends { rate: number; shipped: number }>(a: T, b: T) => b.rate - a.rate || b.shipped - a.shipped;
  const products = rows.filter((r) => r.kind === "product");
  const names = await latestProductNames(
    db,
    products.map((r) => Number(r.key)),
  );
  return {
    overall: figures(rows.find((r) => r.kind === "all")),
    byCity: rows
      .filter((r) => r.kind === "city")
      .map((r) => ({ city: cityLabel(String(r.key)), ...figures(r) }))
      .sort((a, b) => byRate(a, b) || a.city.localeCompare(b.city)),
    byCourier: rows
      .filter((r) => r.kind === "courier")
      .map((r) => ({ courier: String(r.key), ...figures(r) }))
      .sort((a, b) => byRate(a, b) || a.courier.localeCompare(b.courier)),
    byProduct: products
      .map((r) => ({ productId: Number(r.key), productName: names.get(Number(r.key)) ?? "", ...figures(r) }))
      .sort((a, b) => byRate(a, b) || a.productId - b.productId),
  };
}

/** 'dera ghazi khan' → 'Dera Ghazi Khan'. */
export function cityLabel(key: string): string {
  return key.replace(/(^|\s)\S/g, (c) => c.toUpperCase());
}
