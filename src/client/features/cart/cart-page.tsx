import { ShoppingBag } from "lucide-react";
import { useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "@client/lib/toast";
import { buttonVariants } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { useCartItems, useRemoveCartItem, useUpdateCartItem } from "@client/lib/cart/cart-api";
import { checkoutHref, groupCartLines, groupsTotal, type CartGroup } from "@client/lib/cart/cart-groups";
import { CartLineRow } from "./cart-line-row";
import { CartSummary } from "./cart-summary";
import { useCartSelection } from "./use-cart-selection";
import { useRestoreFromLink } from "./use-restore-cart";

export function CartPage() {
  useRestoreFromLink();
  const cart = useCartItems();
  const groups = useMemo(() => groupCartLines(cart.data ?? []), [cart.data]);
  const selection = useCartSelection(groups);
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const navigate = useNavigate();

  const selectedGroups = groups.filter((g) => selection.selected.has(g.key));

  async function run(group: CartGroup, work: () => Promise<unknown>, failure: string) {
    setBusyKey(group.key);
    try {
      await work();
      return true;
    } catch (error) {
      toast.error(failure, { description: errorMessage(error, failure) });
      return false;
    } finally {
      setBusyKey(null);
    }
  }

  const increment = (g: CartGroup) =>
    run(g, () => update.mutateAsync({ id: g.first.id, quantity: g.first.quantity + 1 }), "Failed to update quantity");

  // A merged row may hold several lines: lower one that has more than one, else drop a spare line.
  const decrement = (g: CartGroup) => {
    if (g.quantity <= 1) return;
    const line = g.lines.find((l) => l.quantity > 1);
    return run(
      g,
      () =>
        line
          ? update.mutateAsync({ id: line.id, quantity: line.quantity - 1 })
          : remove.mutateAsync(g.lines[g.lines.length - 1].id),
      "Failed to update quantity",
    );
  };

  const removeGroup = async (g: CartGroup) => {
    const ok = await run(g, () => Promise.all(g.lines.map((l) => remove.mutateAsync(l.id))), "Failed to remove item");
    if (ok) toast.success("Item Removed", { description: "Item has been removed from your cart." });
  };

  const proceed = () => {
    if (selectedGroups.length === 0) {
      toast.error("No Items Selected", { description: "Please select at least one item to checkout." });
      return;
    }
    navigate(checkoutHref(selectedGroups));
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="font-display text-3xl font-semibold sm:text-4xl">Shopping Cart</h1>
      {cart.isPending ? (
        <div className="mt-8 grid gap-6 lg:grid-cols-3" aria-busy="true" aria-label="Loading your cart">
          <div className="space-y-4 lg:col-span-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-36 rounded-2xl" />
            ))}
          </div>
          <Skeleton className="h-64 rounded-2xl" />
        </div>
      ) : cart.isError ? (
        <p role="alert" className="mt-8 rounded-xl bg-red-50 p-4 text-red-800">
          {errorMessage(cart.error, "Your cart could not be loaded.")}
        </p>
      ) : groups.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="mt-8 grid gap-6 lg:grid-cols-3 lg:gap-8">
          <section aria-label="Cart items" className="lg:col-span-2">
            <div className="mb-3 flex items-center justify-between rounded-2xl bg-white px-4 py-3 shadow-sm ring-1 ring-ink/5">
              <label className="flex cursor-pointer items-center gap-3 text-sm font-medium">
                <input
                  type="checkbox"
                  className="h-5 w-5 cursor-pointer accent-ink"
                  checked={selection.allSelected}
                  onChange={(e) => selection.setAll(e.target.checked)}
                />
                Select All
              </label>
              <span className="text-sm text-muted">
                {groups.length} {groups.length === 1 ? "item" : "items"}
              </span>
            </div>
            <ul className="space-y-3">
              {groups.map((g) => (
                <CartLineRow
                  key={g.key}
                  group={g}
                  selected={selection.selected.has(g.key)}
                  busy={busyKey === g.key}
                  onSelectedChange={(on) => selection.toggle(g.key, on)}
                  onIncrement={() => increment(g)}
                  onDecrement={() => decrement(g)}
                  onRemove={() => removeGroup(g)}
                />
              ))}
            </ul>
          </section>
          <CartSummary groups={selectedGroups} subtotal={groupsTotal(selectedGroups)} onCheckout={proceed} />
        </div>
      )}
    </div>
  );
}

function EmptyCart() {
  return (
    <div className="mx-auto mt-12 flex max-w-md flex-col items-center rounded-3xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-ink/5">
      <span className="grid h-16 w-16 place-items-center rounded-full bg-sand/40">
        <ShoppingBag className="h-7 w-7 text-ink" aria-hidden />
      </span>
      <h2 className="mt-5 font-display text-2xl font-semibold">Your Cart is Empty</h2>
      <p className="mt-2 text-muted">Looks like you haven't added any items to your cart yet.</p>
      <Link to="/shop" className={buttonVariants({ className: "mt-6" })}>
        Continue Shopping
      </Link>
    </div>
  );
}
