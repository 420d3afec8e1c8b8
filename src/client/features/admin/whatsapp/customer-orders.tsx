import { toast } from "sonner";
import { orderNumber } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import { STATUS_LABELS, type OrderStatus } from "@shared/rules/order-status.js";
import type { Conversation } from "@shared/schemas/whatsapp.js";
import { Button } from "@client/components/ui/button";
import { useUpdateOrderStatus } from "@client/lib/admin/orders-api";
import { toastError } from "@client/lib/admin/toast-error";

/** The orders from this number, a pending one confirmed or cancelled from the conversation. */
export function CustomerOrders({ orders, onOpen }: { orders: Conversation["orders"]; onOpen: (id: string) => void }) {
  const update = useUpdateOrderStatus();
  const move = (id: string, status: OrderStatus) =>
    update.mutate(
      { id, status },
      {
        onSuccess: () => toast.success(`Order #${orderNumber(id)} is ${STATUS_LABELS[status].toLowerCase()}`),
        onError: (e) => toastError(e),
      },
    );
  return (
    <section aria-label="Customer's orders" className="min-w-0 space-y-2">
      <h3 className="text-sm font-semibold">Orders</h3>
      {orders.length === 0 && <p className="text-sm text-muted">No orders from this number.</p>}
      {orders.map((o) => (
        <div key={o.id} className="space-y-2 rounded-xl border border-ink/10 p-3 text-sm">
          <p className="flex flex-wrap justify-between gap-1">
            <span className="font-mono">#{orderNumber(o.id)}</span>
            <span className="font-semibold">{formatRs(o.total)}</span>
          </p>
          <p className="text-muted">
            {STATUS_LABELS[o.status as OrderStatus] ?? o.status} · WhatsApp {o.confirmationState}
          </p>
          <div className="flex flex-wrap gap-2">
            {o.status === "pending" && (
              <>
                <Button size="sm" disabled={update.isPending} onClick={() => move(o.id, "processing")}>
                  Confirm
                </Button>
                <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => move(o.id, "cancelled")}>
                  Cancel
                </Button>
              </>
            )}
            <Button size="sm" variant="ghost" onClick={() => onOpen(o.id)}>
              Open
            </Button>
          </div>
        </div>
      ))}
    </section>
  );
}
