import { eq, inArray } from "drizzle-orm";
import { courierName, trackingUrlFor } from "@shared/rules/couriers.js";
import type { Db } from "../../db/client.js";
import { orders } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import { orderNotFound, type OrderWrite } from "../order-core/index.js";
import { refuseUnpaidAdvances } from "../advance/index.js";

/**
 * A courier and tracking number typed by hand, in the caller's order-core transaction: a tracking
 * number on a `processing` order ships it, and is refused while an advance is owed.
 */
export async function setTrackingByHand(
  w: OrderWrite,
  id: string,
  given: { courier?: string; trackingNumber?: string },
): Promise<void> {
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

/** Orders whose ids are not in the database, so a bulk request can name what it could not find. */
export async function missingOrders(db: Db, ids: string[]): Promise<string[]> {
  const found = await db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}
