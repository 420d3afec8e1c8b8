import { formatRs } from "@shared/rules/money.js";
import { Button } from "@client/components/ui/button";

/** The order summary beside the cart: subtotal, free shipping and the selected items' total. */
export function CartSummary({
  subtotal,
  selectedCount,
  onCheckout,
}: {
  subtotal: number;
  selectedCount: number;
  onCheckout(): void;
}) {
  return (
    <section
      aria-labelledby="cart-summary-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5 lg:sticky lg:top-24"
    >
      <h2 id="cart-summary-title" className="font-display text-xl font-semibold">
        Order Summary
      </h2>
      <dl className="mt-4 space-y-3 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted">Subtotal</dt>
          <dd className="tabular-nums">{formatRs(subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted">Shipping</dt>
          <dd className="font-medium text-emerald-700">Free</dd>
        </div>
        <div className="flex justify-between border-t border-ink/10 pt-3 text-base font-semibold">
          <dt>Total (Selected Items)</dt>
          <dd className="tabular-nums">{formatRs(subtotal)}</dd>
        </div>
      </dl>
      <Button className="mt-5 w-full" size="lg" onClick={onCheckout} disabled={selectedCount === 0}>
        Proceed to Checkout ({selectedCount} {selectedCount === 1 ? "item" : "items"})
      </Button>
      <p className="mt-3 text-center text-xs text-muted">Cash on delivery · Free delivery across Pakistan</p>
    </section>
  );
}
