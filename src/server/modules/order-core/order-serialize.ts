import { asc, inArray } from "drizzle-orm";
import type { AdminOrder, NewOrder, OrderItem, RiskLevel, PlacedOrder, TrackedOrder } from "@shared/schemas/orders.js";
import type { ConfirmationState } from "@shared/rules/confirmation.js";
import { orderNumber } from "@shared/rules/labels.js";
import type { Db } from "../../db/client.js";
import { orderItems, orders } from "../../db/schema.js";
import { orderRef } from "./order-ref.js";
// Each part of what the shopper pays, in every order answer.
import { moneyOf, orderMoneyColumns, type OrderMoneyRow } from "../pricing/index.js";

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
  source: orders.source,
  riskLevel: orders.riskLevel,
  riskReasons: orders.riskReasons,
  confirmationState: orders.confirmationState,
  confirmationUpdatedAt: orders.confirmationUpdatedAt,
  courier: orders.courier,
  trackingNumber: orders.trackingNumber,
  trackingUrl: orders.trackingUrl,
  shippedAt: orders.shippedAt,
  deliveredAt: orders.deliveredAt,
  returnedAt: orders.returnedAt,
  replacementOf: orders.replacementOf,
  ...orderMoneyColumns,
};

export interface OrderRow extends OrderMoneyRow {
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
  source?: string;
  /** Admin only (modules/fraud, modules/whatsapp); absent on a row just inserted. */
  riskLevel?: string;
  riskReasons?: string[];
  confirmationState?: string;
  confirmationUpdatedAt?: string | null;
  /** Shipping columns: absent on a row just placed (none of them is set yet). */
  courier?: string | null;
  trackingNumber?: string | null;
  trackingUrl?: string | null;
  shippedAt?: string | null;
  deliveredAt?: string | null;
  returnedAt?: string | null;
  replacementOf?: string | null;
}

const isoOrNull = (value: string | Date | null | undefined) => (value == null ? null : isoTime(value));

/** Courier, tracking and the times of each shipping step: null until the order gets there. */
function shippingOf(row: OrderRow) {
  return {
    courier: row.courier ?? null,
    trackingNumber: row.trackingNumber ?? null,
    trackingUrl: row.trackingUrl ?? null,
    shippedAt: isoOrNull(row.shippedAt),
    deliveredAt: isoOrNull(row.deliveredAt),
    returnedAt: isoOrNull(row.returnedAt),
  };
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
      variantId: r.variantId,
      options: r.options,
      price: Number(r.price),
      selectedImage: r.selectedImage,
      ...(r.regularPrice === null ? {} : { regularPrice: Number(r.regularPrice), saleId: r.saleId }),
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
    tax: row.tax,
    total: row.total,
    ...moneyOf(row),
    paymentMethod: row.paymentMethod,
    source: row.source ?? "web",
    confirmation: {
      state: (row.confirmationState ?? "off") as ConfirmationState,
      updatedAt: row.confirmationUpdatedAt ? isoTime(row.confirmationUpdatedAt) : null,
    },
    risk: { level: (row.riskLevel ?? "low") as RiskLevel, reasons: row.riskReasons ?? [] },
    ...shippingOf(row),
    replacementOf: row.replacementOf ?? null,
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

/**
 * The spec's tracking card and nothing more: no street address, e-mail, postal code or session id.
 * A caller who proved the order (decision 013) sees its id, number and the whole name; a phone
 * number alone gets an opaque reference instead of the id, no number, and initials.
 */
export function toTrackedOrder(row: OrderRow, items: OrderItem[], proven: boolean): TrackedOrder {
  return {
    id: proven ? row.id : orderRef(row.id),
    orderNumber: proven ? orderNumber(row.id) : null,
    createdAt: isoTime(row.createdAt),
    status: row.status,
    customerName: proven ? row.customerName : initials(row.customerName),
    customerPhone: row.customerPhone,
    city: row.city,
    total: row.total,
    ...moneyOf(row),
    items,
    ...shippingOf(row),
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

/** The order just placed, whole, for the caller who placed it. */
export function toNewOrder(row: OrderRow, items: OrderItem[]): NewOrder {
  return {
    ...toPlacedOrder(row, items),
    customerEmail: row.customerEmail,
    shippingAddress: row.shippingAddress,
    postalCode: row.postalCode,
    specialInstructions: row.specialInstructions,
  };
}
