import type { QueryKey } from "@tanstack/react-query";
import { matchPath } from "react-router";
import { collectionCopy } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import { IMAGE_SIZES, type LargestPicture } from "@shared/rules/images.js";
import type { ImageRef } from "@shared/schemas/common.js";
import { queries, type PublicRead } from "@client/lib/queries";
import {
  readFacetFilters,
  readPage,
  readShopState,
  writeFacetFilters,
  writePage,
  writeShopState,
  type ShopState,
} from "@client/features/catalog/shop-filters-state";
import { readSort, writeSort, type SortOrder } from "@client/features/catalog/product-sorting";
import { FIRST_ROW_MEDIA } from "@client/features/catalog/grid-rows";
import { pricedFrom } from "@shared/catalogue/priced-from.js";
import { siteSettings } from "@shared/rules/settings.js";
import { collectionPath, HANDLE_PATTERN, productPath } from "@shared/catalogue/handles.js";
import {
  collectionExists,
  completeHead,
  productJsonLd,
  storeDescription,
  type HeadFacts,
  type PageContext,
  type PageHead,
  type Params,
} from "./page-head";

/**
 * The one route table: each storefront page is declared here once, with what its first render
 * reads (query options from lib/queries, the very ones its component asks for) and what it says
 * about itself (its head). The client router renders from it, the server renderer reads,
 * renders and writes the head from it, and the layout's one head hook keeps the browser's head in
 * step from the same declaration (app/page-head-sync.tsx).
 */
export interface RouteDef<R extends Reads = Reads> {
  path: string;
  /** The route's component, as Vite names the module (router.tsx loads it; its chunks are preloaded with the page). */
  module: string;
  /** The public reads the page's first render makes, by name, as the component asks for them. */
  reads: (params: Params, search: URLSearchParams) => R;
  /**
   * The query parameters the page reads, in one canonical form (defaults and values it ignores
   * left out); none when absent. The server renders and caches a page by its path and these.
   */
  query?: (search: URLSearchParams) => URLSearchParams;
  /** What the page says about itself (title, description, status, canonical, JSON-LD), from its reads. */
  head(page: PageContext<R>): HeadFacts;
  /** Personal or transient pages that search engines should not list. */
  noindex?: boolean;
  /** Admin pages: rendered in the browser only. */
  clientOnly?: boolean;
}

export type { Params };
/** A read: a query whose options say which public API path it is (lib/queries.ts). */
export type Read = { queryKey: QueryKey; meta?: { read?: PublicRead } };
/** A page's reads by name; one it does not make for this URL (a search without words) is left undefined. */
export type Reads = Record<string, Read | undefined>;

/** The reads a page makes for its URL. */
export const readsOf = (reads: Reads): Read[] => Object.values(reads).filter((r): r is Read => r !== undefined);

/** Keeps each route's reads typed for its head and its component. */
const route = <R extends Reads>(def: RouteDef<R>): RouteDef<R> => def;

/** The `?variant=<id>` a product page opens with chosen (null when absent or malformed). */
export const variantIdOf = (search: URLSearchParams): number | null => {
  const raw = search.get("variant") ?? "";
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
};

export const HOME = route({
  path: "/",
  module: "app/routes/home.tsx",
  reads: () => ({ settings: queries.settings(), home: queries.home(), categories: queries.categories() }),
  head: ({ reads, get, settings, origin }) => {
    const hero = get(reads.home)?.hero[0]?.images[0];
    return {
      largest: hero ? { image: hero, sizes: IMAGE_SIZES.hero } : undefined,
      // Structured data is for crawlers, which read the server's page: the browser's bundle leaves it out.
      jsonLd: import.meta.env.SSR
        ? () => [
            {
              "@context": "https://schema.org",
              "@type": "WebSite",
              name: settings.site_name,
              url: `${origin}/`,
              potentialAction: {
                "@type": "SearchAction",
                target: `${origin}/search?q={search_term_string}`,
                "query-input": "required name=search_term_string",
              },
            },
          ]
        : undefined,
    };
  },
});

/** The page of products each list page shows: the shop's filtered one, a collection's, a search's. */
export const listReads = {
  shop: (state: ShopState) => queries.productPage({ ...state.filters, sort: state.sort, page: state.page }),
  collection: (category: string, sort: SortOrder, page: number, f: string[] = []) =>
    queries.productPage({ category: [category], sort, page, f }),
  search: (q: string, sort: SortOrder, page: number, f: string[] = []) => queries.productPage({ q, sort, page, f }),
};

/** The filter panel's counts of each list page: the same filters as its products (decision 040). */
export const facetReads = {
  shop: (state: ShopState) => queries.facets(state.filters),
  collection: (category: string, f: string[]) => queries.facets({ category: [category], f }),
  search: (q: string, f: string[]) => queries.facets({ q, f }),
};

/** The order a collection and the search results are listed in unless the shopper sorts them. */
export const LIST_SORT = { collection: "newest", search: "featured" } as const satisfies Record<string, SortOrder>;

/** A list page's own parameters (sort, then page), defaults left out. */
const listQuery = (search: URLSearchParams, fallback: SortOrder, into = new URLSearchParams()) =>
  writePage(writeSort(into, readSort(search, fallback), fallback), readPage(search));

export const SHOP = route({
  path: "/shop",
  module: "app/routes/shop.tsx",
  reads: (_, search) => {
    const state = readShopState(search);
    return {
      settings: queries.settings(),
      categories: queries.categories(),
      products: listReads.shop(state),
      facets: facetReads.shop(state),
    };
  },
  query: (search) => writeShopState(readShopState(search)),
  head: ({ reads, get, settings, description, page }) => ({
    title: "Shop",
    description: `Shop the complete ${settings.site_name} collection: ${description}`,
    canonical: page.withNumber("/shop"),
    crumbs: [{ name: "Shop", path: "/shop" }],
    largest: firstCard(get(reads.products)),
  }),
});

export const COLLECTION = route({
  path: "/collections/:category",
  module: "app/routes/collection.tsx",
  reads: ({ category = "" }, search) => ({
    settings: queries.settings(),
    categories: queries.categories(),
    products: listReads.collection(
      category,
      readSort(search, LIST_SORT.collection),
      readPage(search),
      readFacetFilters(search),
    ),
    facets: facetReads.collection(category, readFacetFilters(search)),
  }),
  query: (search) =>
    listQuery(search, LIST_SORT.collection, writeFacetFilters(new URLSearchParams(), readFacetFilters(search))),
  head: ({ params, reads, get, description, page }) => {
    const category = params.category ?? "";
    // Only a category list that loaded can prove a collection missing.
    if (collectionExists(get(reads.categories), category) === false)
      return { status: 404, title: "Collection Not Found", canonical: null };
    const copy = collectionCopy(category);
    const path = collectionPath(category.toLowerCase());
    return {
      title: copy.title,
      description: `${copy.subtitle}. ${description}`,
      canonical: page.withNumber(path),
      crumbs: [{ name: copy.title, path }],
      largest: firstCard(get(reads.products), 4),
    };
  },
});

export const PRODUCT = route({
  path: "/products/:handle",
  module: "app/routes/product.tsx",
  reads: ({ handle = "" }) => {
    // A handle that cannot exist is a missing product without a read.
    const known = HANDLE_PATTERN.test(handle);
    return {
      settings: queries.settings(),
      // The product's category may have a size chart (its link is rendered with the page).
      categories: queries.categories(),
      product: known ? queries.productByHandle(handle) : undefined,
      rating: known ? queries.ratingByHandle(handle) : undefined,
    };
  },
  // The chosen variant is rendered on the server too (the back-in-stock link opens with it chosen).
  query: (search) => {
    const variant = variantIdOf(search);
    return new URLSearchParams(variant === null ? {} : { variant: String(variant) });
  },
  head: ({ reads, get, origin }) => {
    // Not asked for (a malformed id) or answered null: 'Product Not Found'; not answered yet: say nothing.
    const product = reads.product ? get(reads.product) : null;
    if (product === undefined) return {};
    if (product === null) return { status: 404, title: "Product Not Found", canonical: null };
    const canonical = productPath(product);
    const rating = reads.rating ? get(reads.rating) : undefined;
    const picture = product.images[0];
    return {
      title: product.name,
      description: `${product.name}, ${pricedFrom(product) ? "from " : ""}${formatRs(product.price)}: ${clip(product.description, 140)} Cash on delivery across Pakistan.`,
      canonical,
      ogType: "product",
      image: picture,
      crumbs: [
        { name: "Shop", path: "/shop" },
        { name: product.name, path: canonical },
      ],
      largest: picture ? { image: picture, sizes: IMAGE_SIZES.gallery } : undefined,
      jsonLd: import.meta.env.SSR ? () => [productJsonLd(product, rating, origin, canonical)] : undefined,
    };
  },
});

export const SEARCH = route({
  path: "/search",
  module: "app/routes/search.tsx",
  reads: (_, search) => {
    const q = searchTerm(search);
    const f = readFacetFilters(search);
    const products = q ? listReads.search(q, readSort(search, LIST_SORT.search), readPage(search), f) : undefined;
    return { settings: queries.settings(), products, facets: q ? facetReads.search(q, f) : undefined };
  },
  query: (search) => {
    const q = searchTerm(search);
    const own = writeFacetFilters(new URLSearchParams({ q }), readFacetFilters(search));
    return q ? listQuery(search, LIST_SORT.search, own) : new URLSearchParams();
  },
  head: ({ search, reads, get }) => {
    const q = searchTerm(search);
    return {
      title: q ? `Search: ${q}` : "Search",
      canonical: "/search",
      largest: reads.products ? firstCard(get(reads.products)) : undefined,
    };
  },
  noindex: true,
});

/** A page that reads only the site's settings, with a fixed title. */
const plainPage = (path: string, module: string, title: string) =>
  route({
    path,
    module,
    reads: () => ({ settings: queries.settings() }),
    head: () => ({ title }),
    noindex: true,
  });

export const CART = plainPage("/cart", "app/routes/cart.tsx", "Shopping Cart");
export const CHECKOUT = plainPage("/checkout", "app/routes/checkout.tsx", "Checkout");
export const WISHLIST = plainPage("/wishlist", "app/routes/wishlist.tsx", "Wishlist");

export const STORE_ROUTES: RouteDef[] = [HOME, SHOP, COLLECTION, PRODUCT, SEARCH, CART, CHECKOUT, WISHLIST];

export const NOT_FOUND_ROUTE: RouteDef = route({
  path: "*",
  module: "app/routes/not-found.tsx",
  reads: () => ({ settings: queries.settings() }),
  head: () => ({ status: 404, title: "Page Not Found", canonical: null }),
});

const adminPage = (path: string, module: string): RouteDef => ({
  path,
  module,
  reads: () => ({}),
  head: () => ({}),
  noindex: true,
  clientOnly: true,
});

export const ADMIN_ROUTES: RouteDef[] = [
  adminPage("/admin/*", "app/admin/admin-route.tsx"),
  adminPage("/settings", "app/admin/settings-route.tsx"),
];

export interface RouteMatch {
  route: RouteDef;
  params: Params;
}

/** The route that renders a path (the not-found page when none does). */
export function matchRoute(pathname: string): RouteMatch {
  for (const route of [...STORE_ROUTES, ...ADMIN_ROUTES]) {
    const match = matchPath(route.path, pathname);
    if (match) return { route, params: match.params };
  }
  return { route: NOT_FOUND_ROUTE, params: {} };
}

/**
 * The URL a page is rendered as: its path and only the query parameters its route reads, in one
 * canonical order. Any other parameter (a tracking tag, `?junk=…`) shows the very same page, so
 * the server renders and caches it once. A page the browser renders (admin) is one page whatever
 * its path below the route.
 */
export function pageUrl(url: string): string {
  const { pathname, searchParams } = new URL(url, "http://localhost");
  const { route } = matchRoute(pathname);
  if (route.clientOnly) return route.path;
  const query = route.query?.(searchParams).toString() ?? "";
  return query ? `${pathname}?${query}` : pathname;
}

/** The head of the page at a URL, from its route's own declaration and the answers in hand. */
export function pageHead(
  { route, params }: RouteMatch,
  url: { pathname: string; search: URLSearchParams; origin: string },
  get: PageContext<unknown>["get"],
): PageHead {
  const settings = siteSettings(get(queries.settings()));
  const number = readPage(url.search);
  const facts = route.head({
    params,
    search: url.search,
    pathname: url.pathname,
    reads: route.reads(params, url.search),
    get,
    settings,
    description: storeDescription(settings),
    origin: url.origin,
    page: { number, withNumber: (path) => (number > 1 ? `${path}?page=${number}` : path) },
  });
  return completeHead(facts, url, settings, route.noindex);
}

/** The public API paths a page at this URL is rendered from (the server checks their versions for its page cache). */
export function pageReads(url: string): string[] {
  const { pathname, searchParams } = new URL(url, "http://localhost");
  const { route, params } = matchRoute(pathname);
  if (route.clientOnly) return [];
  return readsOf(route.reads(params, searchParams)).flatMap((r) => r.meta?.read?.path ?? []);
}

export function searchTerm(search: URLSearchParams): string {
  return (search.get("q") ?? "").trim();
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The first card of a product list (the largest paint of a list page), and the cards beside it in
 * the grid's first row on wider screens, each preloaded only where it is in that row.
 */
function firstCard(
  page: { products: { images: ImageRef[] }[] } | null | undefined,
  columns: 3 | 4 = 3,
): LargestPicture | undefined {
  const [first, ...rest] = page?.products ?? [];
  const picture = first?.images[0];
  if (!picture) return undefined;
  const beside = rest
    .slice(0, columns - 1)
    .flatMap(({ images: [image] }, i) => (image ? [{ image, media: FIRST_ROW_MEDIA[i] }] : []));
  return { image: picture, sizes: IMAGE_SIZES.card, beside };
}
