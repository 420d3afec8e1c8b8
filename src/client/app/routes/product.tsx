import { lazy, Suspense, useEffect } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { toast } from "@client/lib/toast";
import { buttonVariants } from "@client/components/ui/button";
import { useAddToCart } from "@client/lib/cart/cart-api";
import { useProduct } from "@client/features/catalog/catalog-api";
import { ProductDetails, type CartLineChoice } from "@client/features/catalog/product-details";
import { ProductDetailSkeleton } from "@client/features/catalog/product-skeleton";
import { priceOf } from "@client/features/catalog/variant-choice";
import { WishlistHeart } from "@client/features/wishlist/wishlist-heart";
import { errorMessage } from "@client/lib/api";
import { productEventData, trackPixel } from "@client/lib/ads/meta-pixel";
import { productIdOf, variantIdOf } from "../route-table";

// Reviews sit below the fold: their code loads after the product itself.
const ProductReviews = lazy(() => import("@client/features/reviews/product-reviews"));

export default function ProductRoute() {
  const id = productIdOf(useParams().id);
  const product = useProduct(id);
  const addToCart = useAddToCart();
  const found = product.data ?? null;
  const initialVariant = variantIdOf(useSearchParams()[0]);

  const viewed = found ? { id: found.id, name: found.name, price: found.price } : null;
  useEffect(() => {
    if (viewed)
      trackPixel("ViewContent", {
        ...productEventData([{ productId: viewed.id, quantity: 1, price: viewed.price }]),
        content_name: viewed.name,
        value: Number(viewed.price),
      });
  }, [viewed?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- once per product shown

  const add = (line: CartLineChoice) =>
    addToCart.mutate(line, {
      onSuccess: () => {
        toast.success("Added to Cart", { description: `${found?.name} has been added to your cart.` });
        trackPixel(
          "AddToCart",
          productEventData([{ ...line, price: found ? priceOf(found, line.variantId) : undefined }]),
        );
      },
      onError: (error) => toast.error("Error", { description: errorMessage(error) }),
    });

  return (
    <div className="mx-auto max-w-7xl px-5 py-8 sm:px-6 lg:py-12">
      {product.isPending && Number.isInteger(id) && id > 0 ? (
        <ProductDetailSkeleton />
      ) : product.isError ? (
        <p role="alert" className="py-24 text-center text-muted">
          {errorMessage(product.error)}
        </p>
      ) : !found ? (
        <div className="py-24 text-center">
          <h1 className="font-display text-4xl font-semibold">Product Not Found</h1>
          <p className="mt-3 text-muted">The product you're looking for doesn't exist.</p>
          <Link to="/shop" className={buttonVariants({ className: "mt-8" })}>
            Continue Shopping
          </Link>
        </div>
      ) : (
        <>
          <nav aria-label="Breadcrumb" className="mb-6 text-sm text-muted">
            <Link to="/" className="hover:text-ink">
              Home
            </Link>{" "}
            <span aria-hidden>/</span>{" "}
            <Link to="/shop" className="hover:text-ink">
              Shop
            </Link>{" "}
            <span aria-hidden>/</span>{" "}
            <span aria-current="page" className="text-ink">
              {found.name}
            </span>
          </nav>
          <ProductDetails
            key={found.id}
            product={found}
            adding={addToCart.isPending}
            onAddToCart={add}
            initialVariant={initialVariant}
            onVariantChosen={showVariantInAddress}
            wishlistButton={<WishlistHeart product={found} className="ring-1 ring-ink/10" />}
          />
          <Suspense fallback={null}>
            <div className="mt-16">
              <ProductReviews productId={found.id} />
            </div>
          </Suspense>
        </>
      )}
    </div>
  );
}

/**
 * The address names the chosen variant (`?variant=<id>`), so a shared or reloaded link opens with
 * it chosen; replaced in place, without a navigation or a new history entry.
 */
function showVariantInAddress(variantId: number | null) {
  const url = new URL(window.location.href);
  if (variantId === null) url.searchParams.delete("variant");
  else url.searchParams.set("variant", String(variantId));
  window.history.replaceState(window.history.state, "", url);
}
