import type { Analytics } from "@shared/schemas/admin.js";
import { formatRs } from "@shared/rules/money.js";
import { STATUS_FILTER_LABELS } from "@shared/rules/order-status.js";
import { Panel } from "@client/components/admin/panel";

const ROWS = [
  { status: "pending", bar: "bg-yellow-400" },
  { status: "processing", bar: "bg-blue-500" },
  { status: "shipped", bar: "bg-purple-500" },
  { status: "delivered", bar: "bg-green-600" },
] as const;

/** Where the money stands: each live status's orders, amount and share of the total. */
export function RevenueByStatus({ data }: { data: Analytics["revenueByStatus"] }) {
  return (
    <Panel title="Revenue by Status">
      <ul className="space-y-4">
        {ROWS.map(({ status, bar }) => {
          const block = data[status];
          const label = STATUS_FILTER_LABELS[status];
          return (
            <li key={status} aria-label={label}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="font-medium">{label}</span>
                <span className="text-muted">
                  {block.count} {block.count === 1 ? "order" : "orders"} ·{" "}
                  <span className="font-semibold text-ink">{formatRs(block.amount)}</span> · {block.percent.toFixed(1)}%
                </span>
              </div>
              <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-ink/5">
                <div className={`h-full rounded-full ${bar}`} style={{ width: `${Math.min(100, block.percent)}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
      <div className="mt-5 flex flex-wrap items-baseline justify-between gap-2 border-t border-ink/10 pt-4">
        <span className="text-sm font-medium">Total (excluding cancelled)</span>
        <span className="font-display text-xl font-semibold" data-testid="total-excluding-cancelled">
          {formatRs(data.totalExcludingCancelled)}
        </span>
        <span className="w-full text-xs text-muted">
          {data.cancelledCount} cancelled {data.cancelledCount === 1 ? "order" : "orders"} not counted
        </span>
        <span className="w-full text-xs text-muted" data-testid="returned-line">
          Returned: {data.returned.count} {data.returned.count === 1 ? "parcel" : "parcels"} (
          {formatRs(data.returned.amount)}), not counted
        </span>
      </div>
    </Panel>
  );
}
