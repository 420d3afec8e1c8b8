import { Button } from "@client/components/ui/button";
import { PriceSummary } from "@client/components/ui/price-summary";

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
      <PriceSummary subtotal={subtotal} totalLabel="Total (Selected Items)" className="mt-4 space-y-3" />
      <Button className="mt-5 w-full" size="lg" onClick={onCheckout} disabled={selectedCount === 0}>
        Proceed to Checkout ({selectedCount} {selectedCount === 1 ? "item" : "items"})
      </Button>
      <p className="mt-3 text-center text-xs text-muted">Cash on delivery · Free delivery across Pakistan</p>
    </section>
  );
}
