import { and, asc, count, desc, eq, ne } from "drizzle-orm";
import { ORDER_STATUSES, type OrderStatus } from "@shared/rules/order-status.js";
import { formatRs } from "@shared/rules/money.js";
import { orderNumber } from "@shared/rules/labels.js";
import { whatsappNumber } from "@shared/rules/phone.js";
import type { AdminOrderDetail, AdminOrderPage, OrderItem } from "@shared/schemas/orders.js";
import type { Db } from "../../db/client.js";
import { orders, orderStatusEvents } from "../../db/schema.js";
import {
  isoTime,
  itemsVersion,
  loadItems,
  orderColumns,
  toAdminOrder,
  type OrderRow,
  orderNotFound,
} from "../order-core/index.js";
import { listOrderNotes } from "../notes/index.js";
import { courierTimeline, courierViews, openIssueCondition } from "../shipping/index.js";
import { moneyMessageLines } from "../pricing/index.js";
import { advanceCondition, advanceProofOf } from "../advance/index.js";

/** One page of orders, newest first, with the per-status counts the filter buttons show. */
export async function listOrders(
  db: Db,
  query: {
    status?: OrderStatus;
    confirmation?: string;
    risk?: string;
    issue?: "open";
    advance?: string;
    limit: number;
    offset: number;
  },
): Promise<AdminOrderPage> {
  const where = and(
    query.status ? eq(orders.status, query.status) : undefined,
    query.confirmation ? eq(orders.confirmationState, query.confirmation) : undefined,
    query.risk ? eq(orders.riskLevel, query.risk) : undefined,
    query.issue === "open" ? openIssueCondition() : undefined,
    query.advance ? advanceCondition(query.advance) : undefined,
  );
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit)
    .offset(query.offset);
  const grouped = await db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status);
  const counts: Record<string, number> = { all: 0, ...Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) };
  for (const g of grouped) {
    counts[g.status] = Number(g.n);
    counts.all += Number(g.n);
  }
  const items = await loadItems(
    db,
    rows.map((r) => r.id),
  );
  // The agents' queue filters by confirmation state and risk (modules/whatsapp, modules/fraud).
  const filtered =
    query.confirmation || query.risk || query.issue || query.advance
      ? Number((await db.select({ n: count() }).from(orders).where(where))[0].n)
      : null;
  const couriers = await courierViews(
    db,
    rows.map((r) => r.id),
  );
  return {
    orders: rows.map((r) => ({ ...toAdminOrder(r, items.get(r.id) ?? []), ...couriers.get(r.id) })),
    total: filtered ?? (query.status ? counts[query.status] : counts.all),
    counts,
  };
}

/** The confirmation message the agent sends on WhatsApp: order number, items, total, address. */
export function confirmationMessage(row: OrderRow, items: OrderItem[]): string {
  const lines = items.map((i) => {
    const variant = [i.size, i.color].filter(Boolean).join(", ");
    return `- ${i.productName}${variant ? ` (${variant})` : ""} x ${i.quantity}: ${formatRs(i.price * i.quantity)}`;
  });
  return [
    `Assalam o Alaikum ${row.customerName},`,
    `Thank you for your order #${orderNumber(row.id)}.`,
    "",
    "Items:",
    ...lines,
    "",
    // Subtotal, discount, delivery, COD fee and total as this order has them.
    ...moneyMessageLines(row),
    `Address: ${row.shippingAddress}, ${row.city}`,
    "",
    "Please reply YES to confirm your order.",
  ].join("\n");
}

export function whatsappUrl(row: OrderRow, items: OrderItem[]): string {
  return `https://wa.me/${whatsappNumber(row.customerPhone)}?text=${encodeURIComponent(confirmationMessage(row, items))}`;
}

const HISTORY_LIMIT = 50;

/** The admin's order view: everything, the status timeline, and the customer's other orders. */
export async function orderDetail(db: Db, id: string): Promise<AdminOrderDetail> {
  const [row] = await db
    .select({ ...orderColumns, phoneKey: orders.phoneKey })
    .from(orders)
    .where(eq(orders.id, id));
  if (!row) throw orderNotFound();
  const items = (await loadItems(db, [id])).get(id) ?? [];
  const timeline = await db
    .select({
      status: orderStatusEvents.status,
      actor: orderStatusEvents.actor,
      createdAt: orderStatusEvents.createdAt,
    })
    .from(orderStatusEvents)
    .where(eq(orderStatusEvents.orderId, id))
    .orderBy(asc(orderStatusEvents.createdAt), asc(orderStatusEvents.id));
  const others = and(eq(orders.phoneKey, row.phoneKey), ne(orders.id, id));
  const history = await db
    .select({ id: orders.id, createdAt: orders.createdAt, status: orders.status, total: orders.total })
    .from(orders)
    .where(others)
    .orderBy(desc(orders.createdAt))
    .limit(HISTORY_LIMIT);
  const [cancelled] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(others, eq(orders.status, "cancelled")));
  // The courier's words on the timeline, its latest and the failed attempt.
  const courierReports = await courierTimeline(db, id);
  const courier = (await courierViews(db, [id])).get(id);
  // -- end couriers --
  return {
    ...toAdminOrder(row, items),
    ...courier,
    timeline: [...timeline.map((e) => ({ ...e, createdAt: isoTime(e.createdAt) })), ...courierReports].sort((a, b) =>
      a.createdAt.localeCompare(b.createdAt),
    ),
    customerHistory: {
      orders: history.map((h) => ({ ...h, createdAt: isoTime(h.createdAt) })),
      cancelledCount: Number(cancelled.n),
    },
    whatsappUrl: whatsappUrl(row, items),
    advanceProof: await advanceProofOf(db, id),
    notes: await listOrderNotes(db, id),
    itemsVersion: await itemsVersion(db, id),
  };
}
