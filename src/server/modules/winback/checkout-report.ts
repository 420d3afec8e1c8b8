import { sql } from "drizzle-orm";
import { RECOVERY_DAYS } from "@shared/rules/winback.js";
import type { AbandonedCheckoutsReport } from "@shared/schemas/winback.js";
import type { Db } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";

/**
 * GET /api/admin/abandoned-checkouts: each saved checkout with the order that recovered it (the
 * phone's first order within 7 days of the first reminder, through the link or not), and the
 * summary: saved, messaged, recovered, revenue (recovered orders neither cancelled nor returned)
 * and returned. Latest first; at most `limit` items, the summary over all.
 */
export async function abandonedCheckoutsReport(db: Db, limit = 200): Promise<AbandonedCheckoutsReport> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with recovered as (
        select c.id, (select o.id from orders o where o.phone_key = c.phone_key and c.first_sent_at is not null
                        and o.created_at >= c.first_sent_at
                        and o.created_at < c.first_sent_at + make_interval(days => ${RECOVERY_DAYS}::int)
                      order by o.created_at limit 1) as order_id
        from saved_checkouts c
      )
      select c.id, c.phone, c.created_at, c.state, c.reminders, jsonb_array_length(c.lines) as lines,
        c.subtotal::text as subtotal, c.stop_reason, r.order_id, o.status as order_status, o.total::text as order_total
      from saved_checkouts c join recovered r on r.id = c.id left join orders o on o.id = r.order_id
      order by c.created_at desc, c.id desc`),
  );
  const summary = { saved: rows.length, messaged: 0, recovered: 0, revenue: 0, returned: 0 };
  for (const r of rows) {
    if (Number(r.reminders) > 0) summary.messaged++;
    if (!r.order_id) continue;
    summary.recovered++;
    if (r.order_status === "returned") summary.returned++;
    // Totals are stored whole rupees; the report adds them up (decision 024's reading of stored money).
    else if (r.order_status !== "cancelled") summary.revenue += Number(r.order_total);
  }
  return {
    summary,
    items: rows.slice(0, limit).map((r) => ({
      id: Number(r.id),
      phone: String(r.phone),
      createdAt: new Date(String(r.created_at)).toISOString(),
      state: String(r.state),
      reminders: Number(r.reminders),
      lines: Number(r.lines),
      subtotal: Number(r.subtotal),
      stopReason: (r.stop_reason as string | null) ?? null,
      recoveredOrderId: (r.order_id as string | null) ?? null,
    })),
  };
}
