import { formatRs } from "@shared/rules/money.js";
import { imageVariantUrl } from "@shared/rules/images.js";
import type { CartGroup } from "@client/lib/cart/cart-groups";
import type { ReactNode } from "react";
import type { Quote } from "@shared/schemas/checkout.js";
import { PriceSummary } from "@client/components/ui/price-summary";
import { variantText } from "@client/lib/variant-text";

/**
 * The items being ordered with their line prices, the discount code, then the server's amounts:
 * subtotal, discount, shipping, COD fee and total.
 */
export function OrderSummary({
  groups,
  quote,
  codeField,
}: {
  groups: readonly CartGroup[];
  quote: Quote | undefined;
  codeField?: ReactNode;
}) {
  const total = groups.reduce((sum, g) => sum + g.lineTotal, 0);
  return (
    <section aria-labelledby="order-summary-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5">
      <h2 id="order-summary-title" className="font-display text-xl font-semibold">
        Order Summary
      </h2>
      <ul className="mt-4 divide-y divide-ink/10">
        {groups.map((g) => (
          <li key={g.key} className="flex gap-3 py-3">
            <div
              className="relative shrink-0 overflow-hidden rounded-lg"
              style={{ backgroundColor: g.image?.edgeColor ?? "#f9fafb" }}
            >
              {g.image ? (
                <img
                  src={imageVariantUrl(g.image, "thumb")}
                  alt={g.first.product.name}
                  width={64}
                  height={Math.round((64 * g.image.height) / Math.max(g.image.width, 1))}
                  className="h-20 w-16 object-cover"
                />
              ) : (
                <div className="h-20 w-16" />
              )}
            </div>
            <div className="min-w-0 flex-1 text-sm">
              <p className="line-clamp-2 font-medium">{g.first.product.name}</p>
              <p className="mt-0.5 text-muted">
                {variantText(g.first) ??
                  [g.first.size && `Size: ${g.first.size}`, g.first.color && `Colour: ${g.first.color}`]
                    .filter(Boolean)
                    .join(" · ")}
              </p>
              <p className="text-muted">Qty: {g.quantity}</p>
            </div>
            <p className="text-sm font-semibold tabular-nums">{formatRs(g.lineTotal)}</p>
          </li>
        ))}
      </ul>
      {codeField}
      <PriceSummary
        subtotal={total}
        quote={quote}
        totalLabel="Total"
        className="mt-4 space-y-2 border-t border-ink/10 pt-4"
      />
      {quote && quote.advance > 0 && (
        // The advance rules (decision 027): what is paid before shipping, the rest on delivery.
        <dl className="mt-3 space-y-1 rounded-lg bg-amber-50 p-3 text-sm" data-testid="advance-summary">
          <div className="flex justify-between font-semibold">
            <dt>Advance, paid before we ship</dt>
            <dd className="tabular-nums" data-testid="quote-advance">
              {formatRs(quote.advance)}
            </dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted">Pay on delivery</dt>
            <dd className="tabular-nums">{formatRs(quote.codAmount)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
