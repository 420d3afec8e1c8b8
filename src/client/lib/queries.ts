import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Facets } from "@shared/schemas/attributes.js";
import type { Category } from "@shared/schemas/categories.js";
import type { HomeProducts, Product, ProductCardPage } from "@shared/schemas/products.js";
import type { Setting } from "@shared/schemas/settings.js";
import { HANDLE_PATTERN } from "@shared/catalogue/handles.js";
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
  /** Option and attribute values, "Name:Value" (decision 040). */
  f?: string[];
}

/** One page of the matches of GET /api/products, sorted and counted on the server. */
export interface ProductPageQuery extends ProductFilters {
  sort?: "featured" | "price-asc" | "price-desc" | "newest";
  page?: number;
}

/** Drops empty entries so equal filters share one cache entry however they were built. */
export function normalizeFilters(filters: ProductFilters): ProductFilters {
  const out: ProductFilters = {};
  if (filters.category?.length) out.category = [...filters.category].sort();
  if (filters.priceRange) out.priceRange = filters.priceRange;
  if (filters.sizes?.length) out.sizes = [...filters.sizes].sort();
  if (filters.colors?.length) out.colors = [...filters.colors].sort();
  if (filters.q?.trim()) out.q = filters.q.trim();
  if (filters.f?.length) out.f = [...new Set(filters.f)].sort();
  return out;
}

/** The query string of GET /api/products: lists become repeated parameters. */
export function productsQueryString(filters: ProductFilters): string {
  const params = new URLSearchParams();
  const f = normalizeFilters(filters);
  f.category?.forEach((c) => params.append("category", c));
  if (f.priceRange) params.set("priceRange", f.priceRange);
  f.sizes?.forEach((s) => params.append("sizes", s));
  f.colors?.forEach((c) => params.append("colors", c));
  if (f.q) params.set("q", f.q);
  f.f?.forEach((v) => params.append("f", v));
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}

/**
 * The query string of one page of cards: the filters, then sort and page (always given, so the
 * answer is a page), and `view=card` (a card is what the shop, collections and search show).
 */
export function productPageQueryString(query: ProductPageQuery): string {
  const params = new URLSearchParams(productsQueryString(query));
  if (query.sort) params.set("sort", query.sort);
  params.set("page", String(query.page && query.page > 0 ? Math.floor(query.page) : 1));
  params.set("view", "card");
  return `?${params.toString()}`;
}

export const catalogKeys = {
  /** Every answer of GET /api/products, whatever its query: a product change refreshes them all. */
  all: ["/api/products"] as const,
  /** Keyed by the very query string asked with, so one page of results is one entry however it was built. */
  productPage: (queryString: string) => ["/api/products", "page", queryString] as const,
  product: (id: number) => ["/api/products", id] as const,
  byHandle: (handle: string) => ["/api/products", "by-handle", handle] as const,
  home: ["/api/products", "home"] as const,
  /** The first `limit` matches of a typed search (the admin's product picker). */
  matches: (q: string, limit: number) => ["/api/products", "matches", { q, limit }] as const,
  categories: ["/api/categories"] as const,
  /** Under the products' prefix: a product change refreshes the counts too. */
  facets: (queryString: string) => ["/api/products", "facets", queryString] as const,
};

export const settingsKeys = { all: ["/api/settings"] as const };

/** Keys follow the paths: a product's reviews and its rating share the prefix, so one invalidation refreshes both. */
export const reviewKeys = {
  product: (productId: number) => ["/api/reviews/product", productId] as const,
  rating: (productId: number) => ["/api/reviews/product", productId, "rating"] as const,
  ratingByHandle: (handle: string) => ["/api/reviews/product", "by-handle", handle, "rating"] as const,
};

/** The orders placed from this browser (the review prompt reads them; placing one refreshes them). */
export const myOrdersKey = ["/api/orders/mine"] as const;

export interface RatingSummary {
  averageRating: number | string;
  totalReviews: number;
}

/** A 404 (or an id that cannot exist) is a product that is not there: null, for 'Product Not Found'. */
export function notFoundAsNull(error: unknown): null {
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
  throw error;
}

/**
 * What a page's first render reads, besides its query: the public API path it is read from (the
 * server renderer reads it through the catalogue cache and files the answer under the query's
 * key) and, for a read whose 404 means "not there", the value that stands for it.
 */
export interface PublicRead {
  path: string;
  /** The answer for a 404 (a missing product is null); absent: a failed read stays unanswered. */
  missingAs?: null;
}

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: { read?: PublicRead };
  }
}

/** The read behind a query, when it is a public one a page can be rendered from. */
export const publicReadOf = (options: { meta?: { read?: PublicRead } }): PublicRead | undefined => options.meta?.read;

export const queries = {
  productPage: (query: ProductPageQuery) => {
    const qs = productPageQueryString(query);
    const path = `/api/products${qs}`;
    return queryOptions({
      queryKey: catalogKeys.productPage(qs),
      queryFn: ({ signal }) => api<ProductCardPage>(path, { signal }),
      // The last page stays shown while the next one loads.
      placeholderData: keepPreviousData,
      meta: { read: { path } },
    });
  },
  facets: (filters: ProductFilters) => {
    const path = `/api/products/facets${productsQueryString(filters)}`;
    return queryOptions({
      queryKey: catalogKeys.facets(path),
      queryFn: ({ signal }) => api<Facets>(path, { signal }),
      // The last counts stay shown while the next ones load.
      placeholderData: keepPreviousData,
      meta: { read: { path } },
    });
  },
  product: (id: number) =>
    queryOptions({
      queryKey: catalogKeys.product(id),
      queryFn: ({ signal }) => api<Product>(`/api/products/${id}`, { signal }).catch(notFoundAsNull),
      enabled: Number.isInteger(id) && id > 0,
      meta: { read: { path: `/api/products/${id}`, missingAs: null } },
    }),
  /** A product by its address (decision 039); a 404 resolves to null. */
  productByHandle: (handle: string) => {
    const path = `/api/products/by-handle/${encodeURIComponent(handle)}`;
    return queryOptions({
      queryKey: catalogKeys.byHandle(handle),
      queryFn: ({ signal }) => api<Product>(path, { signal }).catch(notFoundAsNull),
      enabled: HANDLE_PATTERN.test(handle),
      meta: { read: { path, missingAs: null } },
    });
  },
  home: () =>
    queryOptions({
      queryKey: catalogKeys.home,
      queryFn: ({ signal }) => api<HomeProducts>("/api/products/home", { signal }),
      meta: { read: { path: "/api/products/home" } },
    }),
  categories: () =>
    queryOptions({
      queryKey: catalogKeys.categories,
      queryFn: ({ signal }) => api<Category[]>("/api/categories", { signal }),
      meta: { read: { path: "/api/categories" } },
    }),
  settings: () =>
    queryOptions({
      queryKey: settingsKeys.all,
      queryFn: ({ signal }) => api<Setting[]>("/api/settings", { signal }),
      meta: { read: { path: "/api/settings" } },
    }),
  ratingByHandle: (handle: string) => {
    const path = `/api/reviews/product/by-handle/${encodeURIComponent(handle)}/rating`;
    return queryOptions({
      queryKey: reviewKeys.ratingByHandle(handle),
      queryFn: ({ signal }) => api<RatingSummary>(path, { signal }),
      meta: { read: { path } },
    });
  },
  rating: (productId: number) =>
    queryOptions({
      queryKey: reviewKeys.rating(productId),
      queryFn: ({ signal }) => api<RatingSummary>(`/api/reviews/product/${productId}/rating`, { signal }),
      meta: { read: { path: `/api/reviews/product/${productId}/rating` } },
    }),
};
