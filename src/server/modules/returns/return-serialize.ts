import { asc, inArray } from "drizzle-orm";
import { orderNumber } from "@shared/rules/labels.js";
import {
  itemLineKey,
  lineKeyOf,
  returnStatusText,
  type KeyedLine,
  type RefundMethod,
  type ReturnStatus,
  type ReturnType,
} from "@shared/rules/returns.js";
import type { CustomerReturn } from "@shared/schemas/returns.js";
import type { Db } from "../../db/client.js";
import { orderItems, returnRequests } from "../../db/schema.js";

export type ReturnRow = typeof returnRequests.$inferSelect;
/** Each order line (merged by `lineKeyOf`): what names it, and its name and price. */
export type LineInfo = Map<string, KeyedLine & { productName: string; price: number }>;

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

export function toCustomerReturn(row: ReturnRow, lines: LineInfo, replacementOrderId: string | null): CustomerReturn {
  const type = row.type as ReturnType;
  const status = row.status as ReturnStatus;
  return {
    id: row.id,
    type,
    status,
    statusText: returnStatusText(type, status),
    items: row.items.map((i) => {
      const line = lines.get(itemLineKey(i, [...lines.values()]));
      return { ...i, productName: line?.productName ?? "", price: line?.price ?? 0 };
    }),
    adminNote: row.adminNote,
    refundAmount: row.refundAmount,
    refundMethod: row.refundMethod as RefundMethod | null,
    replacementOrderNumber: replacementOrderId ? orderNumber(replacementOrderId) : null,
    createdAt: iso(row.createdAt)!,
  };
}

/** The lines of these orders, keyed for the requests that name them. */
export async function loadLineInfo(db: Db, orderIds: string[]): Promise<Map<string, LineInfo>> {
  const byOrder = new Map<string, LineInfo>(orderIds.map((id) => [id, new Map()]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      productName: orderItems.productName,
      size: orderItems.size,
      color: orderItems.color,
      options: orderItems.options,
      price: orderItems.price,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds));
  for (const { orderId, price, ...line } of rows)
    byOrder.get(orderId)?.set(lineKeyOf(line), { ...line, price: Number(price) });
  return byOrder;
}

/** Every request made on these orders, oldest first: what the tracking card shows under each order. */
export async function loadCustomerReturns(db: Db, orderIds: string[]): Promise<Map<string, CustomerReturn[]>> {
  const byOrder = new Map<string, CustomerReturn[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(returnRequests)
    .where(inArray(returnRequests.orderId, orderIds))
    .orderBy(asc(returnRequests.createdAt), asc(returnRequests.id));
  if (rows.length === 0) return byOrder;
  const lines = await loadLineInfo(db, [...new Set(rows.map((r) => r.orderId))]);
  for (const r of rows)
    byOrder.get(r.orderId)?.push(toCustomerReturn(r, lines.get(r.orderId) ?? new Map(), r.replacementOrderId));
  return byOrder;
}
