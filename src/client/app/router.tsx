import { lazy, type ComponentType } from "react";
import { matchPath, Route, Routes } from "react-router";
import { StoreLayout } from "./store-layout";

interface Page {
  path: string;
  /** Loads the page's code; once it has, the page renders without suspending. */
  preload: () => Promise<void>;
  Component: ComponentType;
}

function page(path: string, load: () => Promise<{ default: ComponentType }>): Page {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((m) => {
      loaded = m.default;
    });
  const Lazy = lazy(load);
  const Component = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  return { path, preload, Component };
}

/**
 * Two route trees: the storefront (shopper pages, each its own lazy chunk) and the admin, whose
 * code is only downloaded when /admin or /settings is opened. Declarative routes: the app needs
 * no loaders or actions, and this router is half the size of the data router.
 */
const STORE_PAGES = [
  page("/", () => import("./routes/home")),
  page("/shop", () => import("./routes/shop")),
  page("/collection/:category", () => import("./routes/collection")),
  page("/product/:id", () => import("./routes/product")),
  page("/search", () => import("./routes/search")),
  page("/cart", () => import("./routes/cart")),
  page("/checkout", () => import("./routes/checkout")),
  page("/wishlist", () => import("./routes/wishlist")),
];
const NOT_FOUND = page("*", () => import("./routes/not-found"));
const ADMIN_PAGES = [
  page("/admin/*", () => import("./admin/admin-route")),
  page("/settings", () => import("./admin/settings-route")),
];

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<StoreLayout />}>
        {[...STORE_PAGES, NOT_FOUND].map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
      </Route>
      {ADMIN_PAGES.map(({ path, Component }) => (
        <Route key={path} path={path} element={<Component />} />
      ))}
    </Routes>
  );
}

/** Loads the code of the page at a path (before the first render, so it renders at once). */
export function preloadPage(pathname: string): Promise<void> {
  const found = [...STORE_PAGES, ...ADMIN_PAGES].find((p) => matchPath(p.path, pathname)) ?? NOT_FOUND;
  return found.preload().catch(() => undefined);
}
