import type { ReactNode } from "react";
import { productPath } from "@shared/catalogue/handles.js";
import { Link } from "react-router";
import { discountPercent } from "@shared/rules/discount.js";
import { categoryLabel } from "@shared/rules/labels.js";
import type { ProductCard as Card } from "@shared/schemas/products.js";
import { cn } from "@client/lib/cn";
import { ColorSwatches } from "./color-swatches";
import { ProductImage } from "./product-image";
import { ProductPrice } from "./product-price";

export type CardLayout = "grid" | "list";

/**
 * The product card of the shop, collections, home and wishlist. `action` is the corner button
 * (the wishlist heart, or the wishlist page's remove button), composed by the route.
 */
export type CardHeadingLevel = 2 | 3;

export function ProductCard({
  product,
  action,
  layout = "grid",
  priority = false,
  headingLevel = 2,
}: {
  product: Card;
  action?: ReactNode;
  layout?: CardLayout;
  priority?: boolean;
  /** The name's heading: one level under the heading the card sits under (the page's h1 by default). */
  headingLevel?: CardHeadingLevel;
}) {
  const Heading = `h${headingLevel}` as const;
  const discount = discountPercent(product.price, product.originalPrice);
  const href = productPath(product);
  const list = layout === "list";
  return (
    <article
      className={cn(
        "group relative flex overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink/5 transition hover:-translate-y-0.5 hover:shadow-lg motion-reduce:transition-none motion-reduce:hover:translate-y-0",
        list ? "flex-row" : "flex-col",
      )}
    >
      <div className={cn("relative shrink-0", list ? "w-36 sm:w-56" : "w-full")}>
        <Link to={href} tabIndex={-1} aria-hidden>
          <ProductImage
            image={product.images[0]}
            alt=""
            priority={priority}
            className={cn("aspect-[3/4] w-full", list && "h-full")}
            imgClassName="transition-transform duration-700 group-hover:scale-105 motion-reduce:group-hover:scale-100"
          />
        </Link>
        <div className="pointer-events-none absolute left-3 top-3 flex flex-col items-start gap-1.5">
          {product.featured === 1 && (
            <span className="rounded-full bg-ink px-2.5 py-1 text-[11px] font-semibold uppercase tracking-wider text-cream">
              New
            </span>
          )}
          {discount !== null && (
            <span className="rounded-full bg-[#9a3f56] px-2.5 py-1 text-[11px] font-semibold text-white">
              {discount}% OFF
            </span>
          )}
        </div>
        {action && <div className="absolute right-3 top-3">{action}</div>}
      </div>
      <div className={cn("flex flex-1 flex-col gap-2 p-4", list && "justify-center sm:p-6")}>
        <p className="text-xs uppercase tracking-[0.14em] text-muted">{categoryLabel(product.category)} Collection</p>
        <Heading className="font-display text-lg leading-snug">
          <Link to={href} className="hover:text-rose">
            {product.name}
          </Link>
        </Heading>
        {list && product.description && (
          <p className="line-clamp-2 hidden text-sm text-muted sm:block">{product.description}</p>
        )}
        <ProductPrice price={product.price} originalPrice={product.originalPrice} from={product.pricedFrom} />
        <div className="mt-auto flex items-center justify-between gap-3 pt-1">
          <ColorSwatches colors={product.colors} />
          <Link
            to={href}
            className="ml-auto text-sm font-medium text-ink underline decoration-sand decoration-2 underline-offset-4 hover:text-rose"
            aria-label={`View Details: ${product.name}`}
          >
            View Details
          </Link>
        </div>
      </div>
    </article>
  );
}
