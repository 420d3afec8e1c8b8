import { sql, type SQL } from "drizzle-orm";
import type { Analytics } from "@shared/schemas/admin.js";
import type { Db } from "../../db/client.js";
import { isCountedStatus, UNEARNED_STATUSES } from "@shared/rules/order-status.js";
import { deliveryAttempts } from "./delivery-attempts.js";
import { returnToOrigin } from "./return-to-origin.js";
import { jsonOf, queryRows } from "../../db/rows.js";
import { inReportSnapshot, latestProductNames, money, num, oneAtATime } from "./sql-rows.js";
import { MONTH_LABELS, storeClock } from "./store-time.js";
import { sqlList } from "../../db/sql-list.js";
import type { VariantOptions } from "@shared/catalogue/variants.js";
import { namedVariants } from "./variant-names.js";

const TOP_LIST = 5;

/**
 * Where the figures come from: two relations the report reads, whatever computes them.
 * - daily: (day, status, orders, revenue, goods, discount, sale_discount, delivery_fees, cod_fees),
 *   the store-local day of every order, cancelled included (revenue = goods − discount + fees);
 * - variants: (product_id, category, options, lines, quantity, revenue) over non-cancelled order
 *   lines, `options` naming the variant sold (the line's options, or its size and colour as
 *   {Size, Color} without the empty ones; {} for a product without options) and 'uncategorized'
 *   for a line without a category.
 * Rows may repeat a key (the roll-ups keep one per writer slot) or sum to zero; the report adds
 * them up and leaves out keys with no orders or lines.
 */
export interface AnalyticsSource {
  daily: SQL;
  variants: SQL;
  /** (city, courier, status, orders) over orders handed to a courier; city as report_city names it, courier '' when unset. */
  shipping: SQL;
  /** (product_id, status, lines) over the order lines of orders handed to a courier. */
  productOutcomes: SQL;
  /** (city, courier, status, parcels, attempts) over parcels with a failed delivery attempt; status is the order's. */
  attempts: SQL;
}

/** The roll-up tables the database keeps up to date (decision 005): a year of days, not a history of orders. */
export const ANALYTICS_ROLLUPS: AnalyticsSource = {
  daily: sql.raw("report_daily_sales"),
  variants: sql.raw("report_variant_sales"),
  shipping: sql.raw("report_shipping_outcomes"),
  productOutcomes: sql.raw("report_product_outcomes"),
  attempts: sql.raw("report_delivery_attempts"),
};

/** Statuses that earned nothing, as a SQL list: ('cancelled', 'returned'). */
const UNEARNED = sqlList(UNEARNED_STATUSES);

type Figures = { orders: unknown; revenue: unknown };
type ItemFigures = {
  kind: "category" | "product" | "variant";
  product_id: number | null;
  category: string | null;
  options: VariantOptions | string | null;
  quantity: unknown;
  revenue: unknown;
};

/** The Overview tab, computed by the database from the roll-ups: no order is read. */
export function computeAnalytics(
  db: Db,
  chosen: { year?: number; month?: number },
  source: AnalyticsSource = ANALYTICS_ROLLUPS,
): Promise<Analytics> {
  return inReportSnapshot(db, (tx) => analyticsIn(tx, chosen, source));
}

async function analyticsIn(
  db: Db,
  chosen: { year?: number; month?: number },
  { daily, variants, shipping, productOutcomes, attempts }: AnalyticsSource,
): Promise<Analytics> {
  const now = storeClock();
  const year = chosen.year ?? now.year;
  const month = chosen.month ?? now.month;
  const [productCount, byStatus, itemFigures, perMonth, perYear, sameMonth, rto, parts, failedAttempts] =
    await oneAtATime(
      () => queryRows<{ n: unknown }>(db, sql`select count(*)::int as n from products`),
      () =>
        queryRows<Figures & { status: string }>(
          db,
          sql`select status, sum(orders)::int as orders, coalesce(sum(revenue), 0) as revenue
          from ${daily} d group by status having sum(orders) > 0`,
        ),
      () =>
        queryRows<ItemFigures>(
          db,
          // Categories, products and variants are all read from one (small) grouping by variant.
          sql`with variants as materialized (
            select product_id, category, options, sum(quantity)::int as quantity, sum(revenue) as revenue
            from ${variants} v group by 1, 2, 3 having sum(lines) > 0
          )
          select 'category' as kind, null::int as product_id, category, null::jsonb as options,
                 sum(quantity)::int as quantity, sum(revenue) as revenue
          from variants group by category
          union all
          (select 'product', product_id, null, null, sum(quantity)::int, sum(revenue)
           from variants group by product_id order by 5 desc, 6 desc, 2 asc limit ${TOP_LIST})
          union all
          (select 'variant', product_id, null, options, sum(quantity)::int, sum(revenue)
           from variants group by product_id, options order by 5 desc, 6 desc, 2 asc, 4 asc limit ${TOP_LIST})`,
        ),
      () =>
        queryRows<Figures & { month: unknown }>(
          db,
          sql`select extract(month from day)::int as month, sum(orders)::int as orders, sum(revenue) as revenue
          from ${daily} d
          where status not in ${UNEARNED} and day >= make_date(${year}::int, 1, 1) and day < make_date(${year + 1}::int, 1, 1)
          group by 1 having sum(orders) > 0`,
        ),
      () =>
        queryRows<Figures & { year: unknown }>(
          db,
          sql`select extract(year from day)::int as year, sum(orders)::int as orders, sum(revenue) as revenue
          from ${daily} d where status not in ${UNEARNED} group by 1 having sum(orders) > 0 order by 1`,
        ),
      () =>
        queryRows<Figures & { year: unknown }>(
          db,
          sql`select extract(year from day)::int as year, sum(orders)::int as orders, sum(revenue) as revenue
          from ${daily} d where status not in ${UNEARNED} and extract(month from day) = ${month}::int
          group by 1 having sum(orders) > 0`,
        ),
      () => returnToOrigin(db, shipping, productOutcomes),
      () =>
        queryRows<PartsRow>(
          db,
          sql`select (extract(year from day)::int = ${year}::int) as in_year, sum(goods) as goods, sum(discount) as discount,
                   sum(sale_discount) as sale_discount, sum(delivery_fees) as delivery_fees, sum(cod_fees) as cod_fees,
                   sum(revenue) as total
          from ${daily} d where status not in ${UNEARNED} group by 1`,
        ),
      () => deliveryAttempts(db, attempts),
    );

  const categories = itemFigures
    .filter((r) => r.kind === "category")
    .sort((a, b) => money(b.revenue) - money(a.revenue) || String(a.category).localeCompare(String(b.category)));
  const topProducts = itemFigures.filter((r) => r.kind === "product");
  const topVariants = itemFigures.filter((r) => r.kind === "variant");
  const names = await latestProductNames(db, [
    ...new Set([...topProducts, ...topVariants].map((r) => num(r.product_id))),
  ]);
  const variantNames = await namedVariants(
    db,
    topVariants.map((r) => ({ productId: num(r.product_id), options: jsonOf<VariantOptions>(r.options, {}) })),
  );
  const status = (name: string) => byStatus.find((r) => r.status === name);
  const counted = byStatus.filter((r) => isCountedStatus(r.status));
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
      returned: { count: num(status("returned")?.orders), amount: money(status("returned")?.revenue) },
    },
    revenueParts: { allTime: partsOf(parts), year: partsOf(parts.filter((r) => r.in_year)) },
    returnToOrigin: rto,
    deliveryAttempts: failedAttempts,
    topProducts: topProducts.map((r) => ({
      productId: num(r.product_id),
      productName: names.get(num(r.product_id)) ?? "",
      quantity: num(r.quantity),
      revenue: money(r.revenue),
    })),
    topVariants: topVariants.map((r, n) => ({
      productId: num(r.product_id),
      productName: names.get(num(r.product_id)) ?? "",
      ...variantNames[n],
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

type PartsRow = {
  in_year: boolean;
  goods: unknown;
  discount: unknown;
  sale_discount: unknown;
  delivery_fees: unknown;
  cod_fees: unknown;
  total: unknown;
};

/** Goods, discounts and fees apart, summed over the rows given. */
function partsOf(rows: PartsRow[]): Analytics["revenueParts"]["allTime"] {
  const sum = (pick: (r: PartsRow) => unknown) => money(rows.reduce((n, r) => n + money(pick(r)), 0));
  return {
    goods: sum((r) => r.goods),
    saleDiscount: sum((r) => r.sale_discount),
    discount: sum((r) => r.discount),
    deliveryFees: sum((r) => r.delivery_fees),
    codFees: sum((r) => r.cod_fees),
    total: sum((r) => r.total),
  };
}

function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10000) / 100 : 0;
}
