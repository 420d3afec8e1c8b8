import { eq } from "drizzle-orm";
import { orderNumber } from "@shared/rules/labels.js";
import { courierOfName, type CourierPaymentView } from "@shared/schemas/couriers.js";
import { orders } from "../../../db/schema.js";
import { AppError } from "../../../lib/app-error.js";
import { orderNotFound } from "../../order-core/index.js";
import { CourierRefused, CourierUnavailable } from "./courier.js";
import { enabledCouriers } from "./courier-accounts.js";
import { cashToCollect, type ShippingDeps } from "../parcels/courier-booking.js";

/**
 * GET /api/admin/orders/{id}/courier-payment: asks the order's courier whether it has paid over
 * the cash it collected for the parcel, in the courier's words, beside the cash it was to collect.
 */
export async function courierPaymentOf(
  deps: Pick<ShippingDeps, "db" | "secrets">,
  id: string,
): Promise<CourierPaymentView> {
  const [row] = await deps.db
    .select({
      courier: orders.courier,
      trackingNumber: orders.trackingNumber,
      total: orders.total,
      codAmount: orders.codAmount,
    })
    .from(orders)
    .where(eq(orders.id, id));
  if (!row) throw orderNotFound();
  const courierId = courierOfName(row.courier);
  if (!row.trackingNumber || !courierId)
    throw new AppError(
      "CONFLICT",
      `#${orderNumber(id)} has no parcel booked with Leopards or PostEx, so there is no courier payment to ask about`,
    );
  const courier = (await enabledCouriers(deps.db, deps.secrets)).get(courierId);
  if (!courier)
    throw new AppError("CONFLICT", `Switch ${row.courier} on in Settings → Couriers to ask it about payments`);
  try {
    const payment = await courier.paymentStatus(row.trackingNumber);
    return {
      orderId: id,
      courier: courier.name,
      trackingNumber: row.trackingNumber,
      expected: cashToCollect(row),
      ...payment,
    };
  } catch (err) {
    if (err instanceof CourierRefused)
      throw new AppError("CONFLICT", `${courier.name} has no payment for ${row.trackingNumber}: ${err.message}`);
    if (err instanceof CourierUnavailable)
      throw new AppError("UNAVAILABLE", `${err.message}; ask again in a few minutes`);
    throw err;
  }
}
