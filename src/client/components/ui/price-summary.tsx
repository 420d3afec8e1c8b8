import { formatRs } from "@shared/rules/money.js";
import { cn } from "@client/lib/cn";

/** Subtotal, free shipping and total: the cart's and the checkout's summary lines (tax is 0). */
export function PriceSummary({
  subtotal,
  totalLabel,
  className,
}: {
  subtotal: number;
  totalLabel: string;
  className?: string;
}) {
  return (
    <dl className={cn("text-sm", className)}>
      <div className="flex justify-between">
        <dt className="text-muted">Subtotal</dt>
        <dd className="tabular-nums">{formatRs(subtotal)}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-muted">Shipping</dt>
        <dd className="font-medium text-emerald-700">Free</dd>
      </div>
      <div className="flex justify-between border-t border-ink/10 pt-3 text-base font-semibold">
        <dt>{totalLabel}</dt>
        <dd className="tabular-nums">{formatRs(subtotal)}</dd>
      </div>
    </dl>
  );
}
