import { useQueries } from "@tanstack/react-query";
import { queries } from "@client/lib/queries";

/**
 * The wishlist's products by id, sharing the product page's cache entries. Kept out of the
 * catalogue's shared hooks: only the wishlist page reads several products at once, and
 * useQueries' code would otherwise ride along in every storefront page's first download.
 */
export function useProductsByIds(ids: number[]) {
  return useQueries({ queries: ids.map((id) => queries.product(id)) });
}
