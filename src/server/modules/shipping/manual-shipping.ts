import { eq, inArray } from "drizzle-orm";
import { courierName, trackingUrlFor } from "@shared/rules/couriers.js";
import type { OrderStatus } from "@shared/rules/order-status.js";
import type { AdminOrder } from "@shared/schemas/orders.js";
import type { Db } from "../../db/client.js";
import { orders } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import { orderNotFound, type OrderCore, type OrderWrite, adminOrder } from "../order-core/index.js";
import { refuseUnpaidAdvances } from "../advance/index.js";

export interface AdminOrderChange {
  status?: OrderStatus;
  courier?: string;
  trackingNumber?: string;
}

/**
 * The admin's PATCH /api/orders/{id}: courier and tracking number (any courier, by hand), then the
 * status if one was sent, in one transaction through the order core. A tracking number on a
 * `processing` order ships it.
 */
export async function changeOrderAsAdmin(core: OrderCore, id: string, change: AdminOrderChange): Promise<AdminOrder> {
  const { status, courier, trackingNumber } = change;
  if (status === undefined && courier === undefined && trackingNumber === undefined)
    throw new AppError("VALIDATION", "Send a status, or a courier and tracking number");
  await core.write(async (w) => {
    if (courier !== undefined || trackingNumber !== undefined) await setTracking(w, id, { courier, trackingNumber });
    if (status !== undefined) await w.changeStatus({ orderIds: [id], to: status, actor: "admin" });
  });
  return adminOrder(core.db, id);
}

async function setTracking(w: OrderWrite, id: string, given: { courier?: string; trackingNumber?: string }) {
  const [row] = await w.tx
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
  // A tracking number tells a courier to collect: not while the advance is owed (decision 027).
  if (trackingNumber && trackingNumber !== row.trackingNumber) await refuseUnpaidAdvances(w.tx, [id]);
  await w.tx
    .update(orders)
    .set({
      courier,
      trackingNumber,
      trackingUrl: courier && trackingNumber ? trackingUrlFor(courier, trackingNumber) : null,
    })
    .where(eq(orders.id, id));
  if (trackingNumber) await w.changeStatus({ orderIds: [id], to: "shipped", actor: "admin", onlyFrom: ["processing"] });
}

/** PATCH /api/admin/orders {ids, status}: one statement; orders already in that status are left alone. */
export async function setStatusOfMany(
  core: OrderCore,
  ids: string[],
  status: OrderStatus,
  actor: string,
): Promise<{ changed: number }> {
  // One audit line per order, so the audit log filtered by an order shows its bulk changes too.
  const changes = await core.write((w) =>
    w.changeStatus({ orderIds: ids, to: status, actor: "admin", audit: { actor, action: "order.bulk-status" } }),
  );
  return { changed: changes.length };
}

/** Orders whose ids are not in the database, so a bulk request can name what it could not find. */
export async function missingOrders(db: Db, ids: string[]): Promise<string[]> {
  const found = await db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}
