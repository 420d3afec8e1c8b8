import { sql } from "drizzle-orm";
import { ORDER_SOURCES } from "@shared/rules/order-source.js";
import type { SourceReport } from "@shared/schemas/stock.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { num } from "../reports/index.js";

interface Cell {
  source: string;
  status: string;
  orders: unknown;
  revenue: unknown;
}

/** Statuses of parcels that left the store: the return rate's denominator. */
const SENT = ["shipped", "delivered", "returned"];

/**
 * Orders (cancelled never count), revenue (neither cancelled nor returned earned anything) and
 * return rate (returned ÷ shipped, delivered or returned) per source, every source listed.
 */
export function toSourceReport(cells: Cell[]): SourceReport {
  return {
    sources: ORDER_SOURCES.map((source) => {
      const mine = cells.filter((c) => c.source === source);
      const count = (statuses: string[]) =>
        mine.filter((c) => statuses.includes(c.status)).reduce((n, c) => n + num(c.orders), 0);
      const counted = mine.filter((c) => c.status !== "cancelled");
      const earned = counted.filter((c) => c.status !== "returned");
      const returned = count(["returned"]);
      const sent = count(SENT);
      return {
        source,
        orders: counted.reduce((n, c) => n + num(c.orders), 0),
        revenue: Math.round(earned.reduce((n, c) => n + num(c.revenue), 0) * 100) / 100,
        returned,
        returnRate: sent === 0 ? 0 : Math.round((returned / sent) * 10_000) / 10_000,
      };
    }),
  };
}

/** From the roll-up (migration 0005's trigger): a handful of rows whatever the history. */
export async function sourceReport(db: Db): Promise<SourceReport> {
  return toSourceReport(
    await queryRows<Cell>(
      db,
      sql`select source, status, sum(orders) as orders, sum(revenue) as revenue
          from report_source_sales group by source, status`,
    ),
  );
}

/** The same figures summed from every order: what the roll-up is checked against. */
export async function sourceReportFromOrders(db: Db): Promise<SourceReport> {
  return toSourceReport(
    await queryRows<Cell>(
      db,
      sql`select source, status, count(*) as orders, sum(total) as revenue from orders group by source, status`,
    ),
  );
}
