import type { Product } from "@shared/schemas/products.js";

export const SORT_OPTIONS = [
  { value: "featured", label: "Featured" },
  { value: "price-asc", label: "Price: Low to High" },
  { value: "price-desc", label: "Price: High to Low" },
  { value: "newest", label: "Newest First" },
] as const;
export type SortOrder = (typeof SORT_OPTIONS)[number]["value"];
export const DEFAULT_SORT: SortOrder = "newest";

export function isSortOrder(value: string | null): value is SortOrder {
  return SORT_OPTIONS.some((o) => o.value === value);
}

const newestFirst = (a: Product, b: Product) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/** Sorts a copy; ties fall back to newest first so the order never jumps between renders. */
export function sortProducts(products: readonly Product[], order: SortOrder): Product[] {
  const list = [...products];
  switch (order) {
    case "price-asc":
      return list.sort((a, b) => Number(a.price) - Number(b.price) || newestFirst(a, b));
    case "price-desc":
      return list.sort((a, b) => Number(b.price) - Number(a.price) || newestFirst(a, b));
    case "featured":
      return list.sort((a, b) => b.featured - a.featured || newestFirst(a, b));
    default:
      return list.sort(newestFirst);
  }
}

const hasPicture = (p: Product) => (p.images.length > 0 ? 1 : 0);

/**
 * The newest product of each category (the home hero), newest category first, those with a
 * picture before those without: the first slide is the page's largest paint, preloaded with the
 * HTML, so it is a picture whenever one of them has one, never an "Image unavailable" box with
 * the pictures behind it.
 */
export function newestPerCategory(products: readonly Product[]): Product[] {
  const seen = new Set<string>();
  return sortProducts(products, "newest")
    .filter((p) => !seen.has(p.category) && seen.add(p.category))
    .sort((a, b) => hasPicture(b) - hasPicture(a));
}

/** Categories in the order their first product appears, with that product (the home collection tiles). */
export function categoriesWithFirstProduct(products: readonly Product[]): { category: string; product: Product }[] {
  const byCategory = new Map<string, Product>();
  for (const p of products) if (!byCategory.has(p.category)) byCategory.set(p.category, p);
  return [...byCategory].map(([category, product]) => ({ category, product }));
}
