import { asc, inArray } from "drizzle-orm";
import type { AdminOrder, OrderItem, PlacedOrder, TrackedOrder } from "@shared/schemas/orders.js";
import type { Db } from "../../db/client.js";
import { orderItems, orders } from "../../db/schema.js";

/** Every column an order view may need; the serialisers below pick what each audience sees. */
export const orderColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  customerName: orders.customerName,
  customerPhone: orders.customerPhone,
  customerEmail: orders.customerEmail,
  shippingAddress: orders.shippingAddress,
  city: orders.city,
  postalCode: orders.postalCode,
  specialInstructions: orders.specialInstructions,
  subtotal: orders.subtotal,
  tax: orders.tax,
  total: orders.total,
  paymentMethod: orders.paymentMethod,
  sessionId: orders.sessionId,
};

export interface OrderRow {
  id: string;
  createdAt: string;
  status: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  shippingAddress: string;
  city: string;
  postalCode: string;
  specialInstructions: string;
  subtotal: string;
  tax: string;
  total: string;
  paymentMethod: string;
  sessionId: string | null;
}

/** Timestamps leave the API as ISO 8601 in UTC, whatever the driver returned. */
export const isoTime = (value: string | Date) => new Date(value).toISOString();

/** The items of many orders in one query, in the order they were placed. */
export async function loadItems(db: Db, orderIds: string[]): Promise<Map<string, OrderItem[]>> {
  const byOrder = new Map<string, OrderItem[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  for (const r of rows) {
    byOrder.get(r.orderId)?.push({
      productId: r.productId,
      productName: r.productName,
      quantity: r.quantity,
      size: r.size,
      color: r.color,
      price: Number(r.price),
      selectedImage: r.selectedImage,
    });
  }
  return byOrder;
}

export function toAdminOrder(row: OrderRow, items: OrderItem[]): AdminOrder {
  return {
    id: row.id,
    createdAt: isoTime(row.createdAt),
    status: row.status,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    customerEmail: row.customerEmail,
    shippingAddress: row.shippingAddress,
    city: row.city,
    postalCode: row.postalCode,
    specialInstructions: row.specialInstructions,
    items,
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    paymentMethod: row.paymentMethod,
  };
}

/** 'Ayesha Khan' → 'A. K.': what a caller who only knows the phone number sees. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${word[0].toUpperCase()}.`)
    .join(" ");
}

/** The spec's tracking card and nothing more: no street address, e-mail, postal code or session id. */
export function toTrackedOrder(row: OrderRow, items: OrderItem[], showFullName: boolean): TrackedOrder {
  return {
    id: row.id,
    createdAt: isoTime(row.createdAt),
    status: row.status,
    customerName: showFullName ? row.customerName : initials(row.customerName),
    customerPhone: row.customerPhone,
    city: row.city,
    total: row.total,
    items,
  };
}

/** The caller's own order (just placed, or placed from this browser). */
export function toPlacedOrder(row: OrderRow, items: OrderItem[]): PlacedOrder {
  return {
    ...toTrackedOrder(row, items, true),
    subtotal: row.subtotal,
    tax: row.tax,
    paymentMethod: row.paymentMethod,
  };
}
