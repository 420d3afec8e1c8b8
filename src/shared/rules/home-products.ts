import type { Product } from "../schemas/products.js";

const newestFirst = (a: Product, b: Product) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
const hasPicture = (p: Product) => (p.images.length > 0 ? 1 : 0);

/**
 * The home hero: the newest product of each category, newest category first, those with a
 * picture before those without. The first slide is the page's largest paint, preloaded with the
 * HTML, so it is a picture whenever one of them has one, never an "Image unavailable" box with
 * the pictures behind it. (`GET /api/products/home` answers with this list.)
 */
export function newestPerCategory(products: readonly Product[]): Product[] {
  const seen = new Set<string>();
  return [...products]
    .sort(newestFirst)
    .filter((p) => !seen.has(p.category) && seen.add(p.category))
    .sort((a, b) => hasPicture(b) - hasPicture(a));
}
