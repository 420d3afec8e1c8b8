import type { TrackedOrder } from "@shared/schemas/orders.js";
import { TrackedOrderCard } from "./tracked-order-card";

/** What the search found: a card per order, or a word that nothing matched. */
export function TrackedOrdersList({
  orders,
  cancellingId,
  phone,
  onChanged,
  onCancel,
}: {
  orders: TrackedOrder[];
  /** The order whose cancellation is on its way to the server. */
  cancellingId: string | undefined;
  /** The number searched with, which proves the orders are the shopper's. */
  phone: string | undefined;
  onChanged: () => void;
  onCancel: (id: string) => void;
}) {
  return (
    <>
      {orders.length === 0 && (
        <div className="rounded-2xl bg-cream p-6 text-center">
          <p className="font-medium">No orders found with the provided details.</p>
          <p className="mt-1 text-sm text-muted">Please check your information and try again.</p>
        </div>
      )}
      {orders.length > 0 && (
        <>
          <p className="mb-3 text-sm font-medium text-muted">Found {orders.length} order(s)</p>
          <div className="space-y-3">
            {orders.map((order) => (
              <TrackedOrderCard
                key={order.id}
                order={order}
                cancelling={cancellingId === order.id}
                phone={phone}
                onChanged={onChanged}
                onCancel={() => onCancel(order.id)}
              />
            ))}
          </div>
        </>
      )}
    </>
  );
}
