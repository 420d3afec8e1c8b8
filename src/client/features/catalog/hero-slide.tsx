import { Link } from "react-router";
import { productPath } from "@shared/catalogue/handles.js";
import { IMAGE_SIZES } from "@shared/rules/images.js";
import type { ProductCard } from "@shared/schemas/products.js";
import { ProductImage } from "./product-image";

/**
 * Slide width of the hero coverflow (also the still first frame shown before Swiper loads, and the
 * server's first frame): the column's width capped with max-width, because Swiper's own
 * (unlayered) CSS sets a slide's width to 100% and beats utilities. The same box in all three, so
 * nothing shifts when one replaces the other.
 */
export const HERO_SLIDE = "w-full max-w-[260px] sm:max-w-[280px]";

export function HeroSlide({ product, priority }: { product: ProductCard; priority: boolean }) {
  return (
    <Link
      to={productPath(product)}
      className="group block overflow-hidden rounded-[1.75rem] bg-white shadow-2xl shadow-ink/15 ring-1 ring-ink/5"
    >
      <ProductImage
        image={product.images[0]}
        alt={product.name}
        priority={priority}
        sizes={IMAGE_SIZES.hero}
        className="aspect-[3/4] w-full"
      />
      {/* The picture's alt already names the product: the caption is for the eye only, so the
          link is announced once ("Printed Lawn Suit", not the name twice). */}
      <span aria-hidden className="block px-4 py-3 text-center">
        <span className="block truncate font-display text-base">{product.name}</span>
      </span>
    </Link>
  );
}
