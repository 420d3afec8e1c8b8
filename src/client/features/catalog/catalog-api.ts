import { useQuery } from "@tanstack/react-query";
import { queries, type ProductPageQuery } from "@client/lib/queries";

export {
  catalogKeys,
  normalizeFilters,
  productPageQueryString,
  productsQueryString,
  type ProductFilters,
  type ProductPageQuery,
} from "@client/lib/queries";

/** One page of matching products with the count of all of them (filtered, sorted, counted by the server). */
export function useProductPage(query: ProductPageQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...queries.productPage(query), enabled: options.enabled ?? true });
}

/** One product; a 404 resolves to null so the page can say 'Product Not Found'. */
export function useProduct(id: number) {
  return useQuery(queries.product(id));
}

/** The product at /products/{handle}; a 404 (or a draft) resolves to null. */
export function useProductByHandle(handle: string) {
  return useQuery(queries.productByHandle(handle));
}

/** What the home page shows: the newest product of each category and the newest arrivals. */
export function useHomeProducts() {
  return useQuery(queries.home());
}

export function useCategories() {
  return useQuery(queries.categories());
}
