/**
 * A product as a card shows it (the shop, collections, home, search and wishlist): its name, its
 * first picture, its price and whether that price is a "From" (decision 053). The home page's
 * answer carries cards, not whole products: its page state was 86 KB of variants and pictures no
 * card reads.
 */
import type { Product, ProductCard } from "../schemas/products.js";

/** The variants whose prices a price range speaks for: those on sale, or all of them when none is. */
export function pricedVariants<V extends { price: string; available: boolean }>(variants: V[]): V[] {
  const onSale = variants.filter((v) => v.available);
  return onSale.length ? onSale : variants;
}

/**
 * Cards and previews say "From Rs. X" (X the product's price, its cheapest on sale) when its
 * variants differ in price.
 */
export function pricedFrom(product: { variants?: { price: string; available: boolean }[] }): boolean {
  const pool = pricedVariants(product.variants ?? []);
  return pool.some((v) => Number(v.price) !== Number(pool[0].price));
}

/** The card of a product. */
export function cardOf(product: Product): ProductCard {
  return {
    id: product.id,
    handle: product.handle,
    name: product.name,
    category: product.category,
    description: product.description,
    price: product.price,
    originalPrice: product.originalPrice,
    colors: product.colors,
    featured: product.featured,
    images: product.images.slice(0, 1),
    pricedFrom: pricedFrom(product),
  };
}
