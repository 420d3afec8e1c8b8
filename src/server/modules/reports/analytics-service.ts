import { sql } from "drizzle-orm";
import type { Analytics } from "@shared/schemas/admin.js";
import type { Db } from "../../db/client.js";
import { inReportSnapshot, money, num, queryRows } from "./sql-rows.js";
import { MONTH_LABELS, STORE_TIME_ZONE, storeClock } from "./store-time.js";

const TOP_LIST = 5;
const COUNTED = sql.raw(`o.status <> 'cancelled'`);
// A constant, inlined rather than bound: GROUP BY must see the very same expression as SELECT.
const LOCAL_TIME = sql.raw(`(o.created_at at time zone '${STORE_TIME_ZONE}')`);
const CATEGORY = sql.raw(`coalesce(nullif(oi.category, ''), 'uncategorized')`);

type Figures = { orders: unknown; revenue: unknown };
type ItemFigures = {
  kind: "category" | "product" | "variant";
  product_id: number | null;
  category: string | null;
  color: string | null;
  size: string | null;
  quantity: unknown;
  revenue: unknown;
};

/** The Overview tab, computed by the database: every figure is an aggregate, no order is loaded. */
export function computeAnalytics(db: Db, chosen: { year?: number; month?: number }): Promise<Analytics> {
  return inReportSnapshot(db, (tx) => analyticsIn(tx, chosen));
}

async function analyticsIn(db: Db, chosen: { year?: number; month?: number }): Promise<Analytics> {
  const now = storeClock();
  const year = chosen.year ?? now.year;
  const month = chosen.month ?? now.month;
  const [productCount, byStatus, itemFigures, perMonth, perYear, sameMonth] = await Promise.all([
    queryRows<{ n: unknown }>(db, sql`select count(*)::int as n from products`),
    queryRows<Figures & { status: string }>(
      db,
      sql`select o.status, count(*)::int as orders, coalesce(sum(o.total), 0) as revenue from orders o group by o.status`,
    ),
    queryRows<ItemFigures>(
      db,
      // One pass over the counted items, grouped by variant; categories, products and variants are
      // all read from that (far smaller) grouping. Names come from each winner's latest item.
      sql`with variants as materialized (
            select oi.product_id, ${CATEGORY} as category,
                   coalesce(nullif(trim(oi.color), ''), 'No Color') as color, coalesce(nullif(trim(oi.size), ''), 'No Size') as size,
                   sum(oi.quantity)::int as quantity, sum(oi.price * oi.quantity) as revenue
            from order_items oi join orders o on o.id = oi.order_id where ${COUNTED}
            group by 1, 2, 3, 4
          )
          select 'category' as kind, null::int as product_id, category, null as color, null as size,
                 sum(quantity)::int as quantity, sum(revenue) as revenue
          from variants group by category
          union all
          (select 'product', product_id, null, null, null, sum(quantity)::int, sum(revenue)
           from variants group by product_id order by 6 desc, 7 desc, 2 asc limit ${TOP_LIST})
          union all
          (select 'variant', product_id, null, color, size, sum(quantity)::int, sum(revenue)
           from variants group by product_id, color, size order by 6 desc, 7 desc, 2 asc, 4 asc, 5 asc limit ${TOP_LIST})`,
    ),
    queryRows<Figures & { month: unknown }>(
      db,
      // A range on created_at (not extract(year ...) = y) so the created_at index serves it.
      sql`select extract(month from ${LOCAL_TIME})::int as month, count(*)::int as orders, sum(o.total) as revenue
          from orders o
          where ${COUNTED}
            and o.created_at >= make_timestamptz(${year}::int, 1, 1, 0, 0, 0, ${STORE_TIME_ZONE})
            and o.created_at < make_timestamptz(${year + 1}::int, 1, 1, 0, 0, 0, ${STORE_TIME_ZONE})
          group by 1`,
    ),
    queryRows<Figures & { year: unknown }>(
      db,
      sql`select extract(year from ${LOCAL_TIME})::int as year, count(*)::int as orders, sum(o.total) as revenue
          from orders o where ${COUNTED} group by 1 order by 1`,
    ),
    queryRows<Figures & { year: unknown }>(
      db,
      sql`select extract(year from ${LOCAL_TIME})::int as year, count(*)::int as orders, sum(o.total) as revenue
          from orders o where ${COUNTED} and extract(month from ${LOCAL_TIME}) = ${month}::int group by 1`,
    ),
  ]);

  const categories = itemFigures
    .filter((r) => r.kind === "category")
    .sort((a, b) => money(b.revenue) - money(a.revenue) || String(a.category).localeCompare(String(b.category)));
  const topProducts = itemFigures.filter((r) => r.kind === "product");
  const topVariants = itemFigures.filter((r) => r.kind === "variant");
  const names = await latestProductNames(db, [
    ...new Set([...topProducts, ...topVariants].map((r) => num(r.product_id))),
  ]);
  const status = (name: string) => byStatus.find((r) => r.status === name);
  const counted = byStatus.filter((r) => r.status !== "cancelled");
  const totalOrders = counted.reduce((n, r) => n + num(r.orders), 0);
  const totalRevenue = money(counted.reduce((n, r) => n + money(r.revenue), 0));
  const block = (name: string) => {
    const amount = money(status(name)?.revenue);
    return { count: num(status(name)?.orders), amount, percent: percentOf(amount, totalRevenue) };
  };
  const salesPerYear = perYear.map((r) => ({ year: num(r.year), revenue: money(r.revenue), orders: num(r.orders) }));
  const orderYears = salesPerYear.map((r) => r.year);

  return {
    totals: {
      totalProducts: num(productCount[0]?.n),
      totalOrders,
      pendingOrders: num(status("pending")?.orders),
      totalRevenue,
      dominatingCategory: categories[0]?.category ?? null,
    },
    revenueByStatus: {
      pending: block("pending"),
      processing: block("processing"),
      shipped: block("shipped"),
      delivered: block("delivered"),
      totalExcludingCancelled: totalRevenue,
      cancelledCount: num(status("cancelled")?.orders),
    },
    topProducts: topProducts.map((r) => ({
      productId: num(r.product_id),
      productName: names.get(num(r.product_id)) ?? "",
      quantity: num(r.quantity),
      revenue: money(r.revenue),
    })),
    topVariants: topVariants.map((r) => ({
      productId: num(r.product_id),
      productName: names.get(num(r.product_id)) ?? "",
      color: String(r.color),
      size: String(r.size),
      quantity: num(r.quantity),
      revenue: money(r.revenue),
    })),
    salesPerMonth: MONTH_LABELS.map((label, i) => {
      const row = perMonth.find((r) => num(r.month) === i + 1);
      return { month: label, revenue: money(row?.revenue), orders: num(row?.orders) };
    }),
    monthAcrossYears: orderYears.map((y) => {
      const row = sameMonth.find((r) => num(r.year) === y);
      return { year: y, revenue: money(row?.revenue), orders: num(row?.orders) };
    }),
    salesPerYear,
    categoryPerformance: categories.map((r, i) => {
      const revenue = money(r.revenue);
      const itemsSold = num(r.quantity);
      return {
        category: String(r.category),
        revenue,
        itemsSold,
        averagePerItem: itemsSold ? money(revenue / itemsSold) : 0,
        top: i === 0,
      };
    }),
    years: [...new Set([...orderYears, now.year, year])].sort((a, b) => a - b),
    year,
    month,
  };
}

/** The name each product had on its latest order line (a product may since be renamed or gone). */
async function latestProductNames(db: Db, productIds: number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const ids = sql.join(
    productIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const rows = await queryRows<{ product_id: number; product_name: string }>(
    db,
    sql`select p.id as product_id,
               (select oi.product_name from order_items oi where oi.product_id = p.id order by oi.id desc limit 1) as product_name
        from unnest(array[${ids}]) as p(id)`,
  );
  return new Map(rows.map((r) => [num(r.product_id), r.product_name]));
}

function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10000) / 100 : 0;
}
