import { eq } from "drizzle-orm";
import { courierOfName } from "@shared/schemas/couriers.js";
import type { Rebooking } from "@shared/schemas/order-edits.js";
import type { Db } from "../../../db/client.js";
import { orders } from "../../../db/schema.js";
import { AppError } from "../../../lib/app-error.js";
import type { BookedParcel, OrderWrite } from "../../order-core/index.js";
import { CourierRefused, CourierUnavailable } from "../couriers/courier.js";
import { enabledCouriers } from "../couriers/courier-accounts.js";
import { bookOrders, type ShippingDeps } from "./courier-booking.js";
import { moveParcelOrder } from "./parcel-status.js";

/**
 * An order's items change after it was booked (order-core/edit-order-items.ts): the parcel is
 * cancelled at its courier in the change's transaction and booked again, with the new cash to
 * collect, once the change is committed. Only a parcel the store booked through a courier's API
 * and that is still `shipped` qualifies; one entered by hand cannot be cancelled from here.
 */
export async function bookedParcel(tx: Db, orderId: string): Promise<BookedParcel | null> {
  const [row] = await tx
    .select({
      status: orders.status,
      courier: orders.courier,
      trackingNumber: orders.trackingNumber,
      courierBookedAt: orders.courierBookedAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row || row.status !== "shipped" || !row.courierBookedAt || !row.trackingNumber || !courierOfName(row.courier))
    return null;
  return { orderId, courier: row.courier!, trackingNumber: row.trackingNumber };
}

/**
 * Cancels the parcel at its courier and puts the order back to Ready to Ship without courier or
 * tracking number, in the caller's transaction. The courier refusing (it has picked the parcel
 * up) or not answering throws: the caller's whole change rolls back and the agent is told.
 */
export async function cancelParcelForEdit(
  deps: Pick<ShippingDeps, "db" | "secrets">,
  w: OrderWrite,
  parcel: BookedParcel,
  actor: string,
): Promise<void> {
  const courier = (await enabledCouriers(w.tx, deps.secrets)).get(courierOfName(parcel.courier)!);
  if (!courier)
    throw new AppError(
      "CONFLICT",
      `This order is booked with ${parcel.courier}, which is switched off: switch it on again in Settings → Couriers so its booking can be cancelled and made again; nothing was changed`,
    );
  try {
    await courier.cancel(parcel.trackingNumber);
  } catch (err) {
    if (err instanceof CourierRefused)
      throw new AppError(
        "CONFLICT",
        `${courier.name} refused to cancel ${parcel.trackingNumber} (${err.message}); the parcel may have been picked up already. Nothing was changed: the order keeps its items and its booking`,
      );
    if (err instanceof CourierUnavailable)
      throw new AppError(
        "UNAVAILABLE",
        `${err.message}; the booking could not be cancelled, so nothing was changed: try again in a few minutes`,
      );
    throw err;
  }
  await moveParcelOrder(w, parcel.orderId, "processing", actor);
  await w.tx
    .update(orders)
    .set({
      courier: null,
      trackingNumber: null,
      trackingUrl: null,
      courierBookedAt: null,
      courierAttemptedAt: null,
      courierStatus: null,
      courierStatusAt: null,
    })
    .where(eq(orders.id, parcel.orderId));
}

/**
 * Books the changed order again with the same courier (bookOrders: its claim, the advance check,
 * the new `codAmount`). A failure leaves it Ready to Ship for the agent to book, and says why.
 */
export async function rebookAfterEdit(deps: ShippingDeps, parcel: BookedParcel, actor: string): Promise<Rebooking> {
  const failed = (error: string): Rebooking => ({
    booked: false,
    courier: parcel.courier,
    trackingNumber: null,
    error: `The old booking ${parcel.trackingNumber} was cancelled, but booking again failed: ${error}. The order is Ready to Ship; book it again from the orders list`,
  });
  try {
    const result = await bookOrders(deps, [parcel.orderId], actor, courierOfName(parcel.courier)!);
    const [r] = result.results;
    return r.booked
      ? { booked: true, courier: parcel.courier, trackingNumber: r.trackingNumber, error: null }
      : failed(r.error ?? "no answer");
  } catch (err) {
    if (err instanceof AppError) return failed(err.message);
    throw err;
  }
}
