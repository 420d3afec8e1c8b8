import type { ComponentType } from "react";
import { matchPath } from "react-router";
import { productPageQueryString } from "@client/lib/queries";
import { readPage, readShopState, writePage, writeShopState } from "@client/features/catalog/shop-filters-state";

/**
 * The one route table: the client router renders from it, the server renderer renders and
 * preloads from it (each route's chunk by its module path in Vite's manifest, and the API reads
 * its first render needs, fetched on the server and inlined into the page).
 */
export interface RouteDef {
  path: string;
  /** The route module as Vite's manifest names it (its chunks are preloaded with the page). */
  module: string;
  load: () => Promise<{ default: ComponentType }>;
  /** The public API reads the page's first render makes, exactly as the client asks for them. */
  data: (params: Record<string, string | undefined>, search: URLSearchParams) => string[];
  /**
   * The query parameters the page reads, in one canonical form (defaults and values it ignores
   * left out); none when absent. The server renders and caches a page by its path and these.
   */
  query?: (search: URLSearchParams) => URLSearchParams;
  /** Personal or transient pages that search engines should not list. */
  noindex?: boolean;
  /** Admin pages: rendered in the browser only. */
  clientOnly?: boolean;
}

const SETTINGS = "/api/settings";
const CATEGORIES = "/api/categories";

export const STORE_ROUTES: RouteDef[] = [
  {
    path: "/",
    module: "app/routes/home.tsx",
    load: () => import("./routes/home"),
    data: () => [SETTINGS, "/api/products/home", CATEGORIES],
  },
  {
    path: "/shop",
    module: "app/routes/shop.tsx",
    load: () => import("./routes/shop"),
    data: (_, search) => {
      const state = readShopState(search);
      return [
        SETTINGS,
        CATEGORIES,
        `/api/products${productPageQueryString({ ...state.filters, sort: state.sort, page: state.page })}`,
      ];
    },
    query: (search) => writeShopState(readShopState(search)),
  },
  {
    path: "/collection/:category",
    module: "app/routes/collection.tsx",
    load: () => import("./routes/collection"),
    data: ({ category = "" }, search) => [
      SETTINGS,
      CATEGORIES,
      `/api/products${productPageQueryString({ category: [category], sort: "newest", page: readPage(search) })}`,
    ],
    query: (search) => writePage(new URLSearchParams(), readPage(search)),
  },
  {
    path: "/product/:id",
    module: "app/routes/product.tsx",
    load: () => import("./routes/product"),
    data: ({ id = "" }) => (/^\d{1,9}$/.test(id) ? [SETTINGS, `/api/products/${id}`] : [SETTINGS]),
  },
  {
    path: "/search",
    module: "app/routes/search.tsx",
    load: () => import("./routes/search"),
    data: (_, search) => {
      const q = (search.get("q") ?? "").trim();
      return q
        ? [SETTINGS, `/api/products${productPageQueryString({ q, sort: "featured", page: readPage(search) })}`]
        : [SETTINGS];
    },
    query: (search) => {
      const q = (search.get("q") ?? "").trim();
      return q ? writePage(new URLSearchParams({ q }), readPage(search)) : new URLSearchParams();
    },
    noindex: true,
  },
  {
    path: "/cart",
    module: "app/routes/cart.tsx",
    load: () => import("./routes/cart"),
    data: () => [SETTINGS],
    noindex: true,
  },
  {
    path: "/checkout",
    module: "app/routes/checkout.tsx",
    load: () => import("./routes/checkout"),
    data: () => [SETTINGS],
    noindex: true,
  },
  {
    path: "/wishlist",
    module: "app/routes/wishlist.tsx",
    load: () => import("./routes/wishlist"),
    data: () => [SETTINGS],
    noindex: true,
  },
];

export const NOT_FOUND_ROUTE: RouteDef = {
  path: "*",
  module: "app/routes/not-found.tsx",
  load: () => import("./routes/not-found"),
  data: () => [SETTINGS],
};

export const ADMIN_ROUTES: RouteDef[] = [
  {
    path: "/admin/*",
    module: "app/admin/admin-route.tsx",
    load: () => import("./admin/admin-route"),
    data: () => [],
    noindex: true,
    clientOnly: true,
  },
  {
    path: "/settings",
    module: "app/admin/settings-route.tsx",
    load: () => import("./admin/settings-route"),
    data: () => [],
    noindex: true,
    clientOnly: true,
  },
];

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string | undefined>;
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
