import { and, eq, inArray, ne } from "drizzle-orm";
import { courierName, trackingUrlFor } from "@shared/rules/couriers.js";
import type { OrderStatus } from "@shared/rules/order-status.js";
import type { AdminOrder } from "@shared/schemas/orders.js";
import type { Db } from "../../db/client.js";
import { orders, orderStatusEvents } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import { recordAudit } from "../audit/audit.js";
import { orderNotFound } from "../orders/order-admin.js";
import { setStatusAsAdmin } from "../orders/order-status.js";
import { loadItems, orderColumns, toAdminOrder } from "../orders/order-serialise.js";

export interface AdminOrderChange {
  status?: OrderStatus;
  courier?: string;
  trackingNumber?: string;
}

/**
 * The admin's PATCH /api/orders/{id}: courier and tracking number (any courier, by hand), then the
 * status if one was sent. A tracking number on a `processing` order ships it.
 */
export async function changeOrderAsAdmin(db: Db, id: string, change: AdminOrderChange): Promise<AdminOrder> {
  const { status, courier, trackingNumber } = change;
  if (status === undefined && courier === undefined && trackingNumber === undefined)
    throw new AppError("VALIDATION", "Send a status, or a courier and tracking number");
  if (courier !== undefined || trackingNumber !== undefined) await setTracking(db, id, { courier, trackingNumber });
  if (status !== undefined) return setStatusAsAdmin(db, id, status);
  const [row] = await db.select(orderColumns).from(orders).where(eq(orders.id, id));
  if (!row) throw orderNotFound();
  return toAdminOrder(row, (await loadItems(db, [id])).get(id) ?? []);
}

async function setTracking(db: Db, id: string, given: { courier?: string; trackingNumber?: string }) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: orders.status, courier: orders.courier, trackingNumber: orders.trackingNumber })
      .from(orders)
      .where(eq(orders.id, id))
      .for("update");
    if (!row) throw orderNotFound();
    const courier = given.courier !== undefined ? courierName(given.courier) || null : row.courier;
    const trackingNumber = given.trackingNumber !== undefined ? given.trackingNumber || null : row.trackingNumber;
    if (trackingNumber && !courier)
      throw new AppError("VALIDATION", "Enter the courier's name with the tracking number", {
        courier: "Enter the courier's name",
      });
    const ships = row.status === "processing" && !!trackingNumber;
    await tx
      .update(orders)
      .set({
        courier,
        trackingNumber,
        trackingUrl: courier && trackingNumber ? trackingUrlFor(courier, trackingNumber) : null,
        ...(ships ? { status: "shipped" } : {}),
      })
      .where(eq(orders.id, id));
    if (ships) await tx.insert(orderStatusEvents).values({ orderId: id, status: "shipped", actor: "admin" });
  });
}

/** PATCH /api/admin/orders {ids, status}: one statement; orders already in that status are left alone. */
export async function setStatusOfMany(
  db: Db,
  ids: string[],
  status: OrderStatus,
  actor: string,
): Promise<{ changed: number }> {
  const changed = await db.transaction(async (tx) => {
    // Read with the lock, so each order's audit line names the status it really had.
    const before = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(and(inArray(orders.id, ids), ne(orders.status, status)))
      .for("update");
    if (before.length === 0) return 0;
    const rows = await tx
      .update(orders)
      .set({ status })
      .where(
        and(
          inArray(
            orders.id,
            before.map((r) => r.id),
          ),
          ne(orders.status, status),
        ),
      )
      .returning({ id: orders.id });
    const was = new Map(before.map((r) => [r.id, r.status]));
    if (rows.length > 0) {
      await tx.insert(orderStatusEvents).values(rows.map((r) => ({ orderId: r.id, status, actor: "admin" })));
      // One line per order, so the audit log filtered by an order shows its bulk changes too.
      for (const r of rows)
        await recordAudit(tx, {
          actor,
          action: "order.bulk-status",
          entity: "order",
          entityId: r.id,
          orderId: r.id,
          before: { status: was.get(r.id) ?? null },
          after: { status },
        });
    }
    return rows.length;
  });
  return { changed };
}

/** Orders whose ids are not in the database, so a bulk request can name what it could not find. */
export async function missingOrders(db: Db, ids: string[]): Promise<string[]> {
  const found = await db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}
