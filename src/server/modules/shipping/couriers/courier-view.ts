import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { CourierStatus, DeliveryIssue, DeliveryResolution } from "@shared/schemas/couriers.js";
import type { Db } from "../../../db/client.js";
import { courierEvents, deliveryIssues, orders } from "../../../db/schema.js";

export interface CourierView {
  courierStatus: CourierStatus;
  deliveryIssue: DeliveryIssue;
}

const iso = (v: string | Date) => new Date(v).toISOString();

/** The courier's latest words and the failed-attempt issue of many orders, in two queries. */
export async function courierViews(db: Db, ids: string[]): Promise<Map<string, CourierView>> {
  const views = new Map<string, CourierView>(ids.map((id) => [id, { courierStatus: null, deliveryIssue: null }]));
  if (ids.length === 0) return views;
  const [statuses, issues] = await Promise.all([
    db
      .select({ id: orders.id, text: orders.courierStatus, at: orders.courierStatusAt })
      .from(orders)
      .where(inArray(orders.id, ids)),
    db.select().from(deliveryIssues).where(inArray(deliveryIssues.orderId, ids)),
  ]);
  for (const s of statuses) if (s.text && s.at) views.get(s.id)!.courierStatus = { text: s.text, at: iso(s.at) };
  for (const d of issues)
    views.get(d.orderId)!.deliveryIssue = {
      reason: d.reason,
      at: iso(d.at),
      attempts: d.attempts,
      resolution: (d.resolution as DeliveryResolution | null) ?? null,
      address: d.address,
    };
  return views;
}

/** `GET /api/orders?issue=open`: orders whose failed delivery attempt has no resolution yet. */
export function openIssueCondition(): SQL {
  return sql`exists (select 1 from delivery_issues d where d.order_id = ${orders.id} and d.resolution is null)`;
}

/** The courier's reports for the order's timeline, in its own words ("Pending: Customer not available"). */
export async function courierTimeline(
  db: Db,
  orderId: string,
): Promise<{ status: string; actor: string; createdAt: string }[]> {
  const events = await db
    .select()
    .from(courierEvents)
    .where(eq(courierEvents.orderId, orderId))
    .orderBy(asc(courierEvents.at), asc(courierEvents.id));
  return events.map((e) => ({
    status: e.reason ? `${e.status}: ${e.reason}` : e.status,
    actor: e.courier,
    createdAt: iso(e.at),
  }));
}
