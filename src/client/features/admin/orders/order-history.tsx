import { AlertTriangle } from "lucide-react";
import { orderNumber } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import { STATUS_LABELS, type OrderStatus } from "@shared/rules/order-status.js";
import type { AdminOrderDetail } from "@shared/schemas/orders.js";
import { StatusBadge } from "@client/components/ui/badge";
import { dateTime } from "@client/lib/admin/date-time";

export const statusLabel = (s: string) => STATUS_LABELS[s as OrderStatus] ?? s;

/** Each status the order has been in, when and by whom. */
export function StatusTimeline({ order }: { order: AdminOrderDetail }) {
  return (
    <section aria-label="Status timeline">
      <h3 className="mb-2 font-medium">Status timeline</h3>
      <ol className="space-y-2 border-l-2 border-sand pl-4">
        {order.timeline.map((event, i) => (
          <li key={i}>
            <span className="font-medium">{statusLabel(event.status)}</span>
            <span className="text-muted">
              {" "}
              · {dateTime(event.createdAt)} · by {event.actor}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The customer's earlier orders from the same phone, with a warning after cancellations. */
export function CustomerHistory({ order }: { order: AdminOrderDetail }) {
  const earlier = order.customerHistory.orders.filter((o) => o.id !== order.id);
  return (
    <section aria-label="Customer history" className="rounded-xl border border-ink/10 p-4">
      <h3 className="font-medium">Earlier orders from this phone</h3>
      {order.customerHistory.cancelledCount > 0 && (
        <p className="mt-2 flex items-center gap-2 rounded-lg bg-red-50 px-3 py-2 text-red-800">
          <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden />
          {order.customerHistory.cancelledCount} cancelled{" "}
          {order.customerHistory.cancelledCount === 1 ? "order" : "orders"}: confirm before dispatching.
        </p>
      )}
      {earlier.length === 0 ? (
        <p className="mt-1 text-muted">First order from this customer.</p>
      ) : (
        <ul className="mt-2 space-y-1">
          {earlier.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-mono text-xs">{orderNumber(o.id)}</span>
              <span className="text-muted">{new Date(o.createdAt).toLocaleDateString("en-PK")}</span>
              <StatusBadge status={o.status} label={statusLabel(o.status)} />
              <span className="ml-auto">{formatRs(o.total)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
