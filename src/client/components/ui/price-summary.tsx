import type { Quote } from "@shared/schemas/checkout.js";
import { formatRs } from "@shared/rules/money.js";
import { cn } from "@client/lib/cn";

function Row({
  label,
  value,
  className,
  testId,
}: {
  label: string;
  value: string;
  className?: string;
  testId?: string;
}) {
  return (
    <div className="flex justify-between" data-testid={testId}>
      <dt className="text-muted">{label}</dt>
      <dd className={cn("tabular-nums", className)}>{value}</dd>
    </div>
  );
}

/**
 * The cart's and the checkout's summary lines, as the server priced them (POST
 * /api/checkout/quote): subtotal (sale prices; what the sales took off said beside it), the code's discount, shipping ("Free" when there is no fee),
 * the COD fee and the total. Until the first answer arrives the goods' sum stands in.
 */
export function PriceSummary({
  subtotal,
  quote,
  totalLabel,
  className,
}: {
  subtotal: number;
  quote: Quote | undefined;
  totalLabel: string;
  className?: string;
}) {
  const waiting = "…";
  return (
    <dl className={cn("text-sm", className)} aria-busy={quote ? undefined : true} data-testid="price-summary">
      <Row label="Subtotal" value={formatRs(quote?.subtotal ?? subtotal)} />
      {quote && quote.saleDiscount > 0 && (
        // Already out of the subtotal (sale prices): said, not subtracted again.
        <Row
          label="Sale savings (in the prices)"
          value={formatRs(quote.saleDiscount)}
          className="text-emerald-700"
          testId="sale-savings"
        />
      )}
      {quote && quote.discount > 0 && (
        <Row
          label={quote.discountCode?.applied ? `Discount (${quote.discountCode.code})` : "Discount"}
          value={`− ${formatRs(quote.discount)}`}
          className="text-emerald-700"
        />
      )}
      <Row
        label="Shipping"
        value={!quote ? waiting : quote.deliveryFee === 0 ? "Free" : formatRs(quote.deliveryFee)}
        className={quote?.deliveryFee === 0 ? "font-medium text-emerald-700" : undefined}
      />
      {quote && quote.codFee > 0 && <Row label="Cash on delivery fee" value={formatRs(quote.codFee)} />}
      <div className="flex justify-between border-t border-ink/10 pt-3 text-base font-semibold">
        <dt>{totalLabel}</dt>
        <dd className="tabular-nums" data-testid="summary-total">
          {quote ? formatRs(quote.total) : waiting}
        </dd>
      </div>
    </dl>
  );
}
