import { Link } from "react-router";
import { buttonVariants } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";

/** While the cart loads: the page's shape. */
export function CheckoutSkeleton() {
  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-5" aria-busy="true" aria-label="Loading checkout">
      <div className="space-y-4 lg:col-span-3">
        <Skeleton className="h-28 rounded-2xl" />
        <Skeleton className="h-96 rounded-2xl" />
      </div>
      <div className="space-y-4 lg:col-span-2">
        <Skeleton className="h-72 rounded-2xl" />
        <Skeleton className="h-12 rounded-full" />
      </div>
    </div>
  );
}

/** Nothing to check out. */
export function EmptyCheckout() {
  return (
    <div className="mx-auto mt-12 max-w-md rounded-3xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-ink/5">
      <h2 className="font-display text-2xl font-semibold">Your cart is empty</h2>
      <p className="mt-2 text-muted">Add something you love, then come back to check out.</p>
      <Link to="/shop" className={buttonVariants({ className: "mt-6" })}>
        Continue Shopping
      </Link>
    </div>
  );
}
