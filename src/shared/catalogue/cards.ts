/**
 * A product as a card shows it (the shop, collections, home, search and wishlist): its name, its
 * first picture, its price and whether that price is a "From" (decision 053). The home page's
 * answer carries cards, not whole products: its page state was 86 KB of variants and pictures no
 * card reads.
 */
import type { Product, ProductCard } from "../schemas/products.js";
import { pricedFrom } from "./priced-from.js";

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
