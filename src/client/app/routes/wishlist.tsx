import { Heart, X } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { cardOf } from "@shared/catalogue/cards.js";
import type { Product } from "@shared/schemas/products.js";
import { buttonVariants } from "@client/components/ui/button";
import { ProductGrid, ProductGridSkeleton } from "@client/features/catalog/product-grid";
import { useProductsByIds } from "@client/features/wishlist/wishlist-products";
import { removeFromWishlist, useWishlist } from "@client/features/wishlist/wishlist-store";

const WISHLIST_SKELETON = 8;

export default function WishlistRoute() {
  const ids = useWishlist();
  const queries = useProductsByIds([...ids]);
  const loading = queries.some((q) => q.isPending);
  // Products that no longer exist (null) are simply not shown.
  const products = queries
    .map((q) => q.data)
    .filter((p): p is Product => Boolean(p))
    .map(cardOf);
  const goneIds = ids.filter((_, i) => queries[i]?.data === null).join(",");

  // A product deleted from the store leaves the wishlist, so the count stays honest.
  useEffect(() => {
    goneIds
      .split(",")
      .filter(Boolean)
      .forEach((id) => removeFromWishlist(Number(id)));
  }, [goneIds]);

  return (
    <div className="mx-auto max-w-7xl px-5 py-10 sm:px-6 lg:py-14">
      <header className="mb-10 text-center">
        <h1 className="font-display text-4xl font-semibold sm:text-5xl">My Wishlist</h1>
        {ids.length > 0 && <p className="mt-3 text-muted">{ids.length} item(s) saved</p>}
      </header>
      {ids.length === 0 ? (
        <div className="mx-auto max-w-md rounded-3xl bg-white px-6 py-16 text-center ring-1 ring-ink/5">
          <span className="mx-auto grid h-16 w-16 place-items-center rounded-full bg-rose/10 text-rose">
            <Heart className="h-7 w-7" aria-hidden />
          </span>
          <h2 className="mt-5 font-display text-2xl">Your Wishlist is Empty</h2>
          <p className="mt-2 text-muted">Tap the heart on any piece you love to keep it here.</p>
          <Link to="/shop" className={buttonVariants({ className: "mt-8" })}>
            Continue Shopping
          </Link>
        </div>
      ) : loading ? (
        <ProductGridSkeleton count={WISHLIST_SKELETON} columns={4} />
      ) : (
        <ProductGrid
          products={products}
          columns={4}
          cardAction={(p) => (
            <button
              type="button"
              onClick={() => removeFromWishlist(p.id)}
              aria-label={`Remove ${p.name} from wishlist`}
              className="grid h-10 w-10 place-items-center rounded-full bg-white/90 shadow-sm transition hover:bg-white hover:text-rose"
            >
              <X className="h-5 w-5" aria-hidden />
            </button>
          )}
        />
      )}
    </div>
  );
}
