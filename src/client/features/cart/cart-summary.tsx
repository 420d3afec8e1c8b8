import { Button } from "@client/components/ui/button";
import { PriceSummary } from "@client/components/ui/price-summary";
import { useSiteSettings } from "@client/lib/settings-api";
import { useQuote, type QuoteGroup } from "@client/lib/cart/quote-api";

import { NO_AMOUNTS } from "@shared/rules/amounts.js";
import type { Quote } from "@shared/schemas/checkout.js";

/** Nothing selected: nothing to pay. */
const NOTHING: Quote = { ...NO_AMOUNTS, discountCode: null, lines: [] };

/** The order summary beside the cart: the selected items as the server prices them. */
export function CartSummary({
  groups,
  subtotal,
  onCheckout,
}: {
  groups: readonly QuoteGroup[];
  subtotal: number;
  onCheckout(): void;
}) {
  const quote = useQuote(groups);
  const { delivery } = useSiteSettings();
  const selectedCount = groups.length;
  return (
    <section
      aria-labelledby="cart-summary-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5 lg:sticky lg:top-24"
    >
      <h2 id="cart-summary-title" className="font-display text-xl font-semibold">
        Order Summary
      </h2>
      <PriceSummary
        subtotal={subtotal}
        quote={selectedCount > 0 ? quote.data : NOTHING}
        totalLabel="Total (Selected Items)"
        className="mt-4 space-y-3"
      />
      <Button className="mt-5 w-full" size="lg" onClick={onCheckout} disabled={selectedCount === 0}>
        Proceed to Checkout ({selectedCount} {selectedCount === 1 ? "item" : "items"})
      </Button>
      <p className="mt-3 text-center text-xs text-muted">Cash on delivery · {delivery} across Pakistan</p>
    </section>
  );
}
