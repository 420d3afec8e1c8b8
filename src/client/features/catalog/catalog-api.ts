import { useQueries, useQuery } from "@tanstack/react-query";
import type { Category } from "@shared/schemas/categories.js";
import type { Product } from "@shared/schemas/products.js";
import { api, ApiError } from "@client/lib/api";

/** What GET /api/products filters on (sorting is done on the loaded list, see sortProducts). */
export interface ProductFilters {
  category?: string[];
  priceRange?: string;
  sizes?: string[];
  colors?: string[];
  q?: string;
}

export const catalogKeys = {
  products: (filters: ProductFilters = {}) => ["/api/products", normaliseFilters(filters)] as const,
  product: (id: number) => ["/api/products", id] as const,
  categories: ["/api/categories"] as const,
};

/** Drops empty entries so equal filters share one cache entry however they were built. */
export function normaliseFilters(filters: ProductFilters): ProductFilters {
  const out: ProductFilters = {};
  if (filters.category?.length) out.category = [...filters.category].sort();
  if (filters.priceRange) out.priceRange = filters.priceRange;
  if (filters.sizes?.length) out.sizes = [...filters.sizes].sort();
  if (filters.colors?.length) out.colors = [...filters.colors].sort();
  if (filters.q?.trim()) out.q = filters.q.trim();
  return out;
}

/** The query string of GET /api/products: lists become repeated parameters. */
export function productsQueryString(filters: ProductFilters): string {
  const params = new URLSearchParams();
  const f = normaliseFilters(filters);
  f.category?.forEach((c) => params.append("category", c));
  if (f.priceRange) params.set("priceRange", f.priceRange);
  f.sizes?.forEach((s) => params.append("sizes", s));
  f.colors?.forEach((c) => params.append("colors", c));
  if (f.q) params.set("q", f.q);
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}

export function useProducts(filters: ProductFilters = {}, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: catalogKeys.products(filters),
    queryFn: ({ signal }) => api<Product[]>(`/api/products${productsQueryString(filters)}`, { signal }),
    enabled: options.enabled ?? true,
  });
}

const fetchProduct = (id: number, signal?: AbortSignal) => api<Product>(`/api/products/${id}`, { signal });

/** One product; a 404 resolves to null so the page can say 'Product Not Found'. */
export function useProduct(id: number) {
  return useQuery({
    queryKey: catalogKeys.product(id),
    queryFn: ({ signal }) => fetchProduct(id, signal).catch(notFoundAsNull),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Several products by id (the wishlist), sharing the product page's cache entries. */
export function useProductsByIds(ids: number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: catalogKeys.product(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchProduct(id, signal).catch(notFoundAsNull),
    })),
  });
}

export function useCategories() {
  return useQuery({
    queryKey: catalogKeys.categories,
    queryFn: ({ signal }) => api<Category[]>("/api/categories", { signal }),
  });
}

function notFoundAsNull(error: unknown): null {
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
  throw error;
}
