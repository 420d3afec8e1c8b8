import type { Dispatch, SetStateAction } from "react";
import { toast } from "sonner";
import type { OrderStatus } from "@shared/rules/order-status.js";
import type { AdminOrder } from "@shared/schemas/orders.js";
import { EmptyRow, ScrollTable } from "@client/components/admin/panel";
import { toastError } from "@client/lib/admin/toast-error";
import { useUpdateOrderStatus } from "@client/lib/admin/orders-api";
import { cn } from "@client/lib/cn";
import { OrderRow } from "./order-row";

/** Phone width: the table's rows as cards (the header hidden, each row a wrapping line of fields). */
const PHONE_CARDS =
  "max-sm:[&_table]:block max-sm:[&_table]:min-w-0 max-sm:[&_tbody]:block max-sm:[&_thead]:hidden max-sm:[&_td]:border-t-0 max-sm:[&_td]:p-0";

/** One page of orders, each selectable for the bulk actions, its status changed in place. */
export function OrdersTable({
  orders,
  stale,
  selected,
  onSelect,
  onView,
}: {
  orders: AdminOrder[];
  /** The previous page, shown dimmed while the next one loads. */
  stale: boolean;
  selected: string[];
  onSelect: Dispatch<SetStateAction<string[]>>;
  onView: (id: string) => void;
}) {
  const update = useUpdateOrderStatus();
  const changeStatus = (id: string, next: OrderStatus) =>
    update.mutate(
      { id, status: next },
      {
        onSuccess: () => toast.success("Order Updated", { description: "Order status has been updated." }),
        onError: (error) => toastError(error),
      },
    );
  const toggle = (id: string) => onSelect((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    // At phone width (under 640 px) each row becomes a card: customer, total, status,
    // confirmation, risk and actions, with no sideways scrolling (issue 23).
    <div className={PHONE_CARDS}>
      <ScrollTable label="Orders">
        <thead>
          <tr>
            <th>
              <input
                type="checkbox"
                aria-label="Select all orders on this page"
                checked={orders.length > 0 && orders.every((o) => selected.includes(o.id))}
                onChange={(e) => {
                  const page = orders.map((o) => o.id);
                  onSelect((s) =>
                    e.target.checked ? [...new Set([...s, ...page])] : s.filter((id) => !page.includes(id)),
                  );
                }}
              />
            </th>
            <th>Order ID</th>
            <th>Items</th>
            <th>Customer</th>
            <th>Total</th>
            <th>Status</th>
            <th>Confirmation</th>
            <th>Risk</th>
            <th>Advance</th>
            <th>Date</th>
            <th className="text-right">View</th>
          </tr>
        </thead>
        <tbody className={cn(stale && "opacity-60")}>
          {orders.length === 0 && <EmptyRow colSpan={11}>No orders found for this status</EmptyRow>}
          {orders.map((o) => (
            <OrderRow
              key={o.id}
              order={o}
              selected={selected.includes(o.id)}
              onToggle={() => toggle(o.id)}
              statusPending={update.isPending && update.variables?.id === o.id}
              onStatus={(next) => changeStatus(o.id, next)}
              onView={() => onView(o.id)}
            />
          ))}
        </tbody>
      </ScrollTable>
    </div>
  );
}
