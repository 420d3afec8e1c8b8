import { sql } from "drizzle-orm";
import type { Analytics } from "@shared/schemas/admin.js";
import type { Db } from "../../db/client.js";
import { money, num, queryRows } from "./sql-rows.js";
import { MONTH_LABELS, STORE_TIME_ZONE, storeClock } from "./store-time.js";

const TOP_LIST = 5;
const COUNTED = sql.raw(`o.status <> 'cancelled'`);
// A constant, inlined rather than bound: GROUP BY must see the very same expression as SELECT.
const LOCAL_TIME = sql.raw(`(o.created_at at time zone '${STORE_TIME_ZONE}')`);
const CATEGORY = sql.raw(`coalesce(nullif(oi.category, ''), 'uncategorized')`);

type Figures = { orders: unknown; revenue: unknown };

/** The Overview tab, computed by the database: every figure is an aggregate, no order is loaded. */
export async function computeAnalytics(db: Db, chosen: { year?: number; month?: number }): Promise<Analytics> {
  const now = storeClock();
  const year = chosen.year ?? now.year;
  const month = chosen.month ?? now.month;
  const [productCount, byStatus, categories, topProducts, topVariants, perMonth, perYear, sameMonth] = await Promise.all([
    queryRows<{ n: unknown }>(db, sql`select count(*)::int as n from products`),
    queryRows<Figures & { status: string }>(
      db,
      sql`select o.status, count(*)::int as orders, coalesce(sum(o.total), 0) as revenue from orders o group by o.status`,
    ),
    queryRows<{ category: string; revenue: unknown; items: unknown }>(
      db,
      sql`select ${CATEGORY} as category, sum(oi.price * oi.quantity) as revenue, sum(oi.quantity)::int as items
          from order_items oi join orders o on o.id = oi.order_id where ${COUNTED}
          group by 1 order by revenue desc, category asc`,
    ),
    queryRows<{ product_id: number; product_name: string; quantity: unknown; revenue: unknown }>(
      db,
      sql`select oi.product_id, (array_agg(oi.product_name order by o.created_at desc))[1] as product_name,
                 sum(oi.quantity)::int as quantity, sum(oi.price * oi.quantity) as revenue
          from order_items oi join orders o on o.id = oi.order_id where ${COUNTED}
          group by oi.product_id order by quantity desc, revenue desc, oi.product_id asc limit ${TOP_LIST}`,
    ),
    queryRows<{ product_id: number; product_name: string; color: string; size: string; quantity: unknown; revenue: unknown }>(
      db,
      sql`select oi.product_id, (array_agg(oi.product_name order by o.created_at desc))[1] as product_name,
                 coalesce(nullif(trim(oi.color), ''), 'No Color') as color, coalesce(nullif(trim(oi.size), ''), 'No Size') as size,
                 sum(oi.quantity)::int as quantity, sum(oi.price * oi.quantity) as revenue
          from order_items oi join orders o on o.id = oi.order_id where ${COUNTED}
          group by oi.product_id, 3, 4 order by quantity desc, revenue desc, oi.product_id asc, color asc, size asc limit ${TOP_LIST}`,
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
      productName: r.product_name,
      quantity: num(r.quantity),
      revenue: money(r.revenue),
    })),
    topVariants: topVariants.map((r) => ({
      productId: num(r.product_id),
      productName: r.product_name,
      color: r.color,
      size: r.size,
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
      const itemsSold = num(r.items);
      return { category: r.category, revenue, itemsSold, averagePerItem: itemsSold ? money(revenue / itemsSold) : 0, top: i === 0 };
    }),
    years: [...new Set([...orderYears, now.year, year])].sort((a, b) => a - b),
    year,
    month,
  };
}

function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10000) / 100 : 0;
}
