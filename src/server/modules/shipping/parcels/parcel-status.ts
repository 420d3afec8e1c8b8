import type { Db } from "../../../db/client.js";
import type { OrderStatus } from "@shared/rules/order-status.js";
import type { OrderWrite } from "../../order-core/index.js";

/** A transaction or the database: status writes run inside the caller's transaction. */
export type Tx = Pick<Db, "execute" | "select" | "update" | "insert">;

export type ParcelMove = "shipped" | "delivered" | "returned" | "processing";

/** The only statuses each move may start from: a parcel never moves an order another way. */
const FROM: Record<ParcelMove, OrderStatus[]> = {
  shipped: ["processing"],
  delivered: ["shipped"],
  returned: ["shipped"],
  processing: ["shipped"],
};

/** The WhatsApp message an order gets when it ships (courier-messages.ts queues and sends it). */
export const SEND_SHIPPED_MESSAGE = "courier.whatsapp.shipped";

/**
 * Every order status change the couriers make, through the order core's one transition, in the
 * caller's transaction: only from the statuses the move may start from. Returns whether the order
 * moved.
 */
export async function moveParcelOrder(w: OrderWrite, orderId: string, to: ParcelMove, actor: string): Promise<boolean> {
  const moved = await w.changeStatus({ orderIds: [orderId], to, actor, onlyFrom: FROM[to] });
  return moved.length > 0;
}
