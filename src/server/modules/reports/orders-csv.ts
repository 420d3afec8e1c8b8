import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { orderNumber } from "@shared/rules/labels.js";
import { STATUS_FILTER_LABELS, type OrderStatus } from "@shared/rules/order-status.js";
import type { Db } from "../../db/client.js";
import { orderItems, orders } from "../../db/schema.js";
import { CSV_BOM, csvLine } from "./csv.js";
import { STORE_TIME_ZONE } from "./store-time.js";

const BATCH = 500;

export const CSV_HEADER = [
  "Order Number",
  "Order ID",
  "Date (PKT)",
  "Status",
  "Customer",
  "Phone",
  "Email",
  "Address",
  "City",
  "Postal Code",
  "Items",
  "Subtotal",
  "Total",
];

/**
 * The orders as CSV lines, newest first, read in batches (keyset on created_at, id) so an
 * export of any size holds at most one batch in memory.
 */
export async function* ordersCsvLines(db: Db, status: OrderStatus | undefined, batchSize = BATCH): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(CSV_HEADER);
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const conditions: SQL[] = [];
    if (status) conditions.push(eq(orders.status, status));
    if (after) conditions.push(sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
    const batch = await db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        localTime: sql<string>`to_char(${orders.createdAt} at time zone ${STORE_TIME_ZONE}, 'YYYY-MM-DD HH24:MI')`,
        status: orders.status,
        customerName: orders.customerName,
        customerPhone: orders.customerPhone,
        customerEmail: orders.customerEmail,
        shippingAddress: orders.shippingAddress,
        city: orders.city,
        postalCode: orders.postalCode,
        subtotal: orders.subtotal,
        total: orders.total,
      })
      .from(orders)
      .where(and(...conditions))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(batchSize);
    if (batch.length === 0) return;
    const items = await db
      .select({
        orderId: orderItems.orderId,
        productName: orderItems.productName,
        quantity: orderItems.quantity,
        size: orderItems.size,
        color: orderItems.color,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, batch.map((o) => o.id)))
      .orderBy(asc(orderItems.id));
    const byOrder = new Map<string, string[]>();
    for (const i of items) byOrder.set(i.orderId, [...(byOrder.get(i.orderId) ?? []), describeItem(i)]);
    let chunk = "";
    for (const o of batch) {
      const lines = byOrder.get(o.id) ?? [];
      chunk += csvLine([
        orderNumber(o.id),
        o.id,
        o.localTime,
        STATUS_FILTER_LABELS[o.status as OrderStatus] ?? o.status,
        o.customerName,
        o.customerPhone,
        o.customerEmail,
        o.shippingAddress,
        o.city,
        o.postalCode,
        lines.join("; "),
        Number(o.subtotal),
        Number(o.total),
      ]);
    }
    yield chunk;
    if (batch.length < batchSize) return;
    const last = batch[batch.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** '2× Lawn Suit (M, Red)'; the brackets only hold what the shopper chose. */
export function describeItem(item: { productName: string; quantity: number; size: string; color: string }): string {
  const options = [item.size.trim(), item.color.trim()].filter(Boolean).join(", ");
  return `${item.quantity}× ${item.productName}${options ? ` (${options})` : ""}`;
}
