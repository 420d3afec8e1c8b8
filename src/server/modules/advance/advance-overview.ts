import { sql } from "drizzle-orm";
import { ADVANCE_OWED } from "@shared/rules/advance.js";
import { orderNumber } from "@shared/rules/labels.js";
import type { AdvanceOverview } from "@shared/schemas/advance.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { sqlList } from "../../db/sql-list.js";
import { STORE_TIME_ZONE } from "../reports/index.js";

const WAITING_SHOWN = 10;

/**
 * The overview's advances: what is owed now (orders and rupees), what was received this month
 * (store time; refunds recorded with returns subtract), and the orders waiting longest on one.
 */
export async function advanceOverview(db: Db, now: Date): Promise<AdvanceOverview> {
  const [due] = await queryRows<{ orders: string | number; owed: string | null; submitted: string | number }>(
    db,
    sql`select count(*) as orders, sum(advance_amount - advance_paid)::text as owed,
               count(*) filter (where advance_status = 'submitted') as submitted
        from orders where advance_status in ${sqlList(ADVANCE_OWED)}`,
  );
  const [month] = await queryRows<{ received: string | null }>(
    db,
    sql`select sum(amount)::text as received from advance_payments
        where created_at >= (date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${STORE_TIME_ZONE})
                             at time zone ${STORE_TIME_ZONE})`,
  );
  const waiting = await queryRows<{
    id: string;
    customer_name: string;
    created_at: string | Date;
    owed: string;
    advance_status: string;
  }>(
    db,
    sql`select id, customer_name, created_at, (advance_amount - advance_paid)::text as owed, advance_status
        from orders where advance_status in ${sqlList(ADVANCE_OWED)}
        order by created_at limit ${WAITING_SHOWN}`,
  );
  return {
    dueOrders: Number(due?.orders ?? 0),
    dueAmount: Number(due?.owed ?? 0),
    submitted: Number(due?.submitted ?? 0),
    receivedThisMonth: Number(month?.received ?? 0),
    waiting: waiting.map((w) => ({
      id: String(w.id),
      orderNumber: orderNumber(String(w.id)),
      customerName: w.customer_name,
      createdAt: new Date(w.created_at).toISOString(),
      owed: Number(w.owed),
      status: w.advance_status as AdvanceOverview["waiting"][number]["status"],
    })),
  };
}
