import { ORDER_STATUSES, STATUS_FILTER_LABELS, type OrderStatus } from "@shared/rules/order-status.js";
import { cn } from "@client/lib/cn";

/** One button per status (and All), each with the server's count of orders in it. */
export function StatusFilterButtons({
  status,
  counts,
  onChange,
}: {
  status: OrderStatus | undefined;
  counts: Record<string, number>;
  onChange: (status: OrderStatus | undefined) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Filter by status"
      className="-mx-4 mb-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
    >
      {[undefined, ...ORDER_STATUSES].map((s) => (
        <button
          key={s ?? "all"}
          type="button"
          aria-pressed={status === s}
          onClick={() => onChange(s)}
          className={cn(
            "shrink-0 cursor-pointer rounded-full border px-3.5 py-1.5 text-sm transition-colors",
            status === s ? "border-ink bg-ink text-cream" : "border-ink/15 bg-white hover:border-ink/40",
          )}
        >
          {s ? STATUS_FILTER_LABELS[s] : "All"} <span className="opacity-70">({counts[s ?? "all"] ?? 0})</span>
        </button>
      ))}
    </div>
  );
}
