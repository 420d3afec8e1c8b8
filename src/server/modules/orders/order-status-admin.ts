import { eq } from "drizzle-orm";
import type { OrderStatus } from "@shared/rules/order-status.js";
import type { AdminOrder, updateOrderInput } from "@shared/schemas/orders.js";
import type { z } from "zod";
import { orders } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import { recordAudit } from "../audit/index.js";
import { adminOrder, type OrderCore } from "../order-core/index.js";
import { setTrackingByHand } from "../shipping/index.js";
import { refuseShortStock } from "../stock/index.js";
import { orderDetail } from "./order-admin.js";
import { correctionOf, correctOrder } from "./order-corrections.js";

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
    if (courier !== undefined || trackingNumber !== undefined)
      await setTrackingByHand(w, id, { courier, trackingNumber });
    if (status !== undefined) await w.changeStatus({ orderIds: [id], to: status, actor: "admin" });
  });
  return adminOrder(core.db, id);
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

/**
 * A staff member's PATCH /api/orders/{id}: the customer's details corrected (until it ships), then
 * the courier and tracking number and the status, each change audited with before and after.
 * Answers the order as the admin's order view shows it.
 */
export async function changeOrderAsStaff(
  core: OrderCore,
  id: string,
  input: z.output<typeof updateOrderInput>,
  actor: string,
): Promise<AdminOrder> {
  const correction = correctionOf(input);
  if (correction) await correctOrder(core.db, id, correction, actor);
  if (correction && input.status === undefined && input.courier === undefined && input.trackingNumber === undefined) {
    await core.changed({ touched: [id] });
    return orderDetail(core.db, id);
  }
  const [before] = await core.db
    .select({ status: orders.status, courier: orders.courier, trackingNumber: orders.trackingNumber })
    .from(orders)
    .where(eq(orders.id, id));
  const order = await refuseShortStock(core.db, [id], () => changeOrderAsAdmin(core, id, input));
  const after = { status: order.status, courier: order.courier, trackingNumber: order.trackingNumber };
  if (before && JSON.stringify(before) !== JSON.stringify(after))
    await recordAudit(core.db, {
      actor,
      action: before.status !== order.status ? "order.status" : "order.tracking",
      entity: "order",
      entityId: id,
      orderId: id,
      before,
      after,
    });
  return order;
}
