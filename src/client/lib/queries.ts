import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Category } from "@shared/schemas/categories.js";
import type { HomeProducts, Product, ProductPage } from "@shared/schemas/products.js";
import type { Setting } from "@shared/schemas/settings.js";
import { api, ApiError } from "./api";

/**
 * The storefront's one module of query keys and query options, per public endpoint: the hooks,
 * the server renderer (which seeds a query cache under these keys) and the page's inlined state
 * all use it, so a key can never differ between where data is put and where it is read.
 */

/** What GET /api/products filters on. */
export interface ProductFilters {
  category?: string[];
  priceRange?: string;
  sizes?: string[];
  colors?: string[];
  q?: string;
}

/** One page of the matches of GET /api/products, sorted and counted on the server. */
export interface ProductPageQuery extends ProductFilters {
  sort?: "featured" | "price-asc" | "price-desc" | "newest";
  page?: number;
}

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

/** The query string of one page: the filters, then sort and page (always given, so the answer is a page). */
export function productPageQueryString(query: ProductPageQuery): string {
  const params = new URLSearchParams(productsQueryString(query));
  if (query.sort) params.set("sort", query.sort);
  params.set("page", String(query.page && query.page > 0 ? Math.floor(query.page) : 1));
  return `?${params.toString()}`;
}

export const catalogKeys = {
  /** Keyed by the very query string asked with, so the server renderer can file an answer by its path. */
  productPage: (queryString: string) => ["/api/products", "page", queryString] as const,
  product: (id: number) => ["/api/products", id] as const,
  home: ["/api/products", "home"] as const,
  categories: ["/api/categories"] as const,
};

export const settingsKeys = { all: ["/api/settings"] as const };

/** A 404 (or an id that cannot exist) is a product that is not there: null, for 'Product Not Found'. */
export function notFoundAsNull(error: unknown): null {
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
  throw error;
}

export const queries = {
  productPage: (query: ProductPageQuery) => {
    const qs = productPageQueryString(query);
    return queryOptions({
      queryKey: catalogKeys.productPage(qs),
      queryFn: ({ signal }) => api<ProductPage>(`/api/products${qs}`, { signal }),
      // The last page stays shown while the next one loads.
      placeholderData: keepPreviousData,
    });
  },
  product: (id: number) =>
    queryOptions({
      queryKey: catalogKeys.product(id),
      queryFn: ({ signal }) => api<Product>(`/api/products/${id}`, { signal }).catch(notFoundAsNull),
      enabled: Number.isInteger(id) && id > 0,
    }),
  home: () =>
    queryOptions({
      queryKey: catalogKeys.home,
      queryFn: ({ signal }) => api<HomeProducts>("/api/products/home", { signal }),
    }),
  categories: () =>
    queryOptions({
      queryKey: catalogKeys.categories,
      queryFn: ({ signal }) => api<Category[]>("/api/categories", { signal }),
    }),
  settings: () =>
    queryOptions({
      queryKey: settingsKeys.all,
      queryFn: ({ signal }) => api<Setting[]>("/api/settings", { signal }),
    }),
};

/** The query key of a public API read (as the server renderer and the route table name them). */
export function queryKeyOf(apiPath: string): readonly unknown[] | undefined {
  if (apiPath === "/api/settings") return settingsKeys.all;
  if (apiPath === "/api/categories") return catalogKeys.categories;
  if (apiPath === "/api/products/home") return catalogKeys.home;
  if (apiPath.startsWith("/api/products?")) return catalogKeys.productPage(apiPath.slice("/api/products".length));
  const product = /^\/api\/products\/(\d+)$/.exec(apiPath);
  return product ? catalogKeys.product(Number(product[1])) : undefined;
}
